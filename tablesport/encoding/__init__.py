"""What a game's encoder is made of (its package's ``encoder.py``): the observation's blocks
(:mod:`.features`), the paths that name a legal action in a fixed action space (:mod:`.choices`) and the
encoder's contract (:mod:`.encoder`). It imports only the game protocol, so the games and the RL
environments (:mod:`tablesport.rl`) both stand on it."""
