"""What the pages say and show: the games' texts, rules pages, hints, the lobby's tiles, names, profiles."""
