"""Reports over simulation datasets: DuckDB queries, Wilson intervals, matplotlib figures, HTML."""
