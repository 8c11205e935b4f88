"""tablesport.server"""
