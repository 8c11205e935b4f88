"""Image geometry shared by the games' photo readers (a board or a rack from a phone photo).

Needs the ``photo`` extra (OpenCV's headless build): ``pip install 'tablesport[photo]'``. Nothing here
knows a game; each game's reader lives in its own package (``tablesport/games/blokus/photo_read.py``)."""
