"""Bots that work for every game through the protocol."""

from tablesport.core.bot import Bot, RandomBot

__all__ = ["Bot", "RandomBot"]
