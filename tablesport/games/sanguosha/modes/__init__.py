"""The competition modes (see ..mode for the interface): 3v3 and 1v1 from the seeds, and the ruling
scenarios' free play. Importing the package registers them and their frame handlers."""

from . import free, one, three
from .sides import finish, seat_general

__all__ = ["finish", "free", "one", "seat_general", "three"]
