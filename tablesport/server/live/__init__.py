"""The live tables: every game in play, its seats and clients, timers, bots and what it may be sent."""
