# Over 500 lines: the compiled search's functions must live in one module to be compiled together (numba).
"""Compiled Monte-Carlo tree search for Blokus (numba): the engine of the ``uct`` bot.

The position is one flat ``int32`` array (:data:`LAYOUT`): the board (-1 empty, else the colour),
per colour its *forbidden* squares (covered, or beside its own pieces), its attach-point list
(kept incrementally: a placement appends the new corner squares, and squares that became
forbidden are dropped when the list is next read), its used pieces, squares left, pieces placed,
last piece and whether it is done; and the colour to move.  Copying a position is one array copy.

Placements are the ids of :mod:`.board` (same numbering), listed per (square, piece) so that move
generation visits only placements that cover an attach point and belong to an unused piece.

The search (:func:`run_search`) is UCT with prior knowledge and RAVE over one tree of the colours'
moves; each edge's value is for the seat owning the colour that moves.  New nodes get their moves
ranked by a heuristic (piece size, opponents' attach points covered, early moves towards the centre):
the ``width`` best are kept, each starting with a prior of a few virtual playouts.  Playouts place,
for the colour to move, a random placement among the largest pieces that fit, preferring (by
``local`` tries) ones covering an opponent's attach point; the final seed scores give per seat the
rank reward of :func:`rank_reward` blended half and half with the score margin.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .board import MASK, PIECE_OF, SIZE, STRIDE
from .pieces import MONOMINO, PIECE_SIZES

CELLS = SIZE * SIZE
PIECES = len(PIECE_SIZES)
PLACEMENTS = len(MASK)
ALL_BONUS, MONO_BONUS = 15, 20

# -- the position layout (offsets into one int32 array) ---------------------------------------------
O_BOARD = 0
O_FORB = O_BOARD + CELLS
O_INATT = O_FORB + 4 * CELLS
O_ATT = O_INATT + 4 * CELLS
O_ATTN = O_ATT + 4 * CELLS
O_USED = O_ATTN + 4
O_LEFT = O_USED + 4 * PIECES
O_NPL = O_LEFT + 4
O_LAST = O_NPL + 4
O_DONE = O_LAST + 4
O_CUR = O_DONE + 4
LAYOUT = O_CUR + 1
CORNER_CELLS = (19 * SIZE + 0, 19 * SIZE + 19, 19, 0)
"""Each colour's starting corner: blue a20, yellow t20, red t1, green a1 (as in :mod:`.board`)."""


def _tables() -> tuple[np.ndarray, ...]:
    cells = np.full((PLACEMENTS, 5), -1, np.int16)
    for i, m in enumerate(MASK):
        k = 0
        while m:
            low = m & -m
            m ^= low
            y, x = divmod(low.bit_length() - 1, STRIDE)
            cells[i, k] = y * SIZE + x
            k += 1
    piece = np.array(PIECE_OF, np.int32)
    size = np.array([PIECE_SIZES[p] for p in PIECE_OF], np.int32)
    lists: list[list[int]] = [[] for _ in range(CELLS * PIECES)]
    for i in range(PLACEMENTS):
        for q in cells[i]:
            if q >= 0:
                lists[int(q) * PIECES + int(piece[i])].append(i)
    start = np.zeros(CELLS * PIECES + 1, np.int32)
    start[1:] = np.cumsum([len(v) for v in lists])
    ids = np.array([i for v in lists for i in v], np.int32)
    side = np.full((CELLS, 4), -1, np.int32)
    diag = np.full((CELLS, 4), -1, np.int32)
    centre = np.zeros(CELLS, np.float64)
    for q in range(CELLS):
        y, x = divmod(q, SIZE)
        for k, (dx, dy) in enumerate(((1, 0), (-1, 0), (0, 1), (0, -1))):
            if 0 <= x + dx < SIZE and 0 <= y + dy < SIZE:
                side[q, k] = (y + dy) * SIZE + x + dx
        for k, (dx, dy) in enumerate(((1, 1), (-1, 1), (1, -1), (-1, -1))):
            if 0 <= x + dx < SIZE and 0 <= y + dy < SIZE:
                diag[q, k] = (y + dy) * SIZE + x + dx
        centre[q] = max(abs(x - 9.5), abs(y - 9.5))
    return cells, piece, size, start, ids, side, diag, centre


PL_CELLS, PL_PIECE, PL_SIZE, BY_CP_START, BY_CP_IDS, SIDE_NB, DIAG_NB, CENTRE_DIST = _tables()
PIECE_SIZE = np.array(PIECE_SIZES, np.int32)


def new_position() -> np.ndarray:
    """The empty board, blue to move."""
    s = np.zeros(LAYOUT, np.int32)
    s[O_BOARD:O_BOARD + CELLS] = -1
    for c in range(4):
        s[O_ATT + c * CELLS] = CORNER_CELLS[c]
        s[O_INATT + c * CELLS + CORNER_CELLS[c]] = 1
        s[O_ATTN + c] = 1
        s[O_LEFT + c] = int(PIECE_SIZE.sum())
        s[O_LAST + c] = -1
    s[O_CUR] = 0
    return s


# -- position primitives (compiled) -----------------------------------------------------------------
@njit(cache=True)
def _advance(s: np.ndarray) -> None:
    c = s[O_CUR]
    for step in range(1, 5):
        k = (c + step) % 4
        if s[O_DONE + k] == 0:
            s[O_CUR] = k
            return
    s[O_CUR] = -1


@njit(cache=True)
def place(s: np.ndarray, p: int, cells: np.ndarray, piece: np.ndarray, size: np.ndarray,
          side: np.ndarray, diag: np.ndarray) -> None:
    """The colour to move places placement ``p`` (unchecked)."""
    c = s[O_CUR]
    for k in range(5):
        q = cells[p, k]
        if q < 0:
            break
        s[O_BOARD + q] = c
        for j in range(4):
            s[O_FORB + j * CELLS + q] = 1
    for k in range(5):
        q = cells[p, k]
        if q < 0:
            break
        for j in range(4):
            n = side[q, j]
            if n >= 0:
                s[O_FORB + c * CELLS + n] = 1
    base = O_FORB + c * CELLS
    ia = O_INATT + c * CELLS
    for k in range(5):
        q = cells[p, k]
        if q < 0:
            break
        for j in range(4):
            n = diag[q, j]
            if n >= 0 and s[base + n] == 0 and s[ia + n] == 0:
                s[ia + n] = 1
                s[O_ATT + c * CELLS + s[O_ATTN + c]] = n
                s[O_ATTN + c] += 1
    pc = piece[p]
    s[O_USED + c * PIECES + pc] = 1
    s[O_LEFT + c] -= size[p]
    s[O_NPL + c] += 1
    s[O_LAST + c] = pc
    if s[O_NPL + c] == PIECES:
        s[O_DONE + c] = 1
    _advance(s)


@njit(cache=True)
def pass_turn(s: np.ndarray) -> None:
    """The colour to move is blocked: it passes for good."""
    s[O_DONE + s[O_CUR]] = 1
    _advance(s)


@njit(cache=True)
def _compact(s: np.ndarray, c: int) -> int:
    """Drop attach points that became forbidden; returns how many are left."""
    base = O_FORB + c * CELLS
    lst = O_ATT + c * CELLS
    n = s[O_ATTN + c]
    m = 0
    for i in range(n):
        q = s[lst + i]
        if s[base + q] == 0:
            s[lst + m] = q
            m += 1
    s[O_ATTN + c] = m
    return m


@njit(cache=True)
def _fits(s: np.ndarray, base: int, p: int, cells: np.ndarray) -> bool:
    for k in range(5):
        q = cells[p, k]
        if q < 0:
            return True
        if s[base + q] != 0:
            return False
    return True


@njit(cache=True)
def legal(s: np.ndarray, out: np.ndarray, mark: np.ndarray, stamp: int, cells: np.ndarray,
          start: np.ndarray, ids: np.ndarray) -> int:
    """Writes the legal placements of the colour to move into ``out`` (each once); returns the count."""
    c = s[O_CUR]
    n_att = _compact(s, c)
    base = O_FORB + c * CELLS
    used = O_USED + c * PIECES
    n = 0
    for a in range(n_att):
        q = s[O_ATT + c * CELLS + a]
        for pc in range(PIECES):
            if s[used + pc]:
                continue
            for j in range(start[q * PIECES + pc], start[q * PIECES + pc + 1]):
                p = ids[j]
                if mark[p] != stamp and _fits(s, base, p, cells):
                    mark[p] = stamp
                    out[n] = p
                    n += 1
    return n


@njit(cache=True)
def colour_scores(s: np.ndarray) -> np.ndarray:
    out = np.zeros(4, np.float64)
    for c in range(4):
        if s[O_NPL + c] == PIECES:
            out[c] = MONO_BONUS if s[O_LAST + c] == MONOMINO else ALL_BONUS
        else:
            out[c] = -s[O_LEFT + c]
    return out


@njit(cache=True)
def rank_reward(s: np.ndarray, seat_of: np.ndarray, seats: int, margin: float) -> np.ndarray:
    """Per colour: its seat's share of other seats beaten (ties half), blended with the score margin
    over the best other seat (``margin`` of the reward, the margin scaled by 1/60 and clipped)."""
    cs = colour_scores(s)
    ss = np.zeros(seats, np.float64)
    for c in range(4):
        ss[seat_of[c]] += cs[c]
    rew = np.zeros(seats, np.float64)
    for a in range(seats):
        r = 0.0
        best_other = -1e9
        for b in range(seats):
            if b == a:
                continue
            if ss[a] > ss[b]:
                r += 1.0
            elif ss[a] == ss[b]:
                r += 0.5
            if ss[b] > best_other:
                best_other = ss[b]
        r /= max(seats - 1, 1)
        d = (ss[a] - best_other) / 60.0
        d = min(max(d, -0.5), 0.5) + 0.5
        rew[a] = (1.0 - margin) * r + margin * d
    out = np.zeros(4, np.float64)
    for c in range(4):
        out[c] = rew[seat_of[c]]
    return out


@njit(cache=True)
def horizon_reward(s: np.ndarray, seat_of: np.ndarray, seats: int, w_attach: float,
                   temp: float) -> np.ndarray:
    """Per colour, for a playout stopped before the end: each colour is valued at its squares placed
    plus ``w_attach`` per attach point it still has (its room to grow); a seat's reward is its mean
    over the other seats of sigmoid(value difference / ``temp``)."""
    val = np.zeros(seats, np.float64)
    for c in range(4):
        att = 0 if s[O_DONE + c] else _compact(s, c)
        val[seat_of[c]] += -s[O_LEFT + c] + w_attach * att
    rew = np.zeros(seats, np.float64)
    for a in range(seats):
        r = 0.0
        for b in range(seats):
            if b != a:
                r += 1.0 / (1.0 + np.exp(-(val[a] - val[b]) / temp))
        rew[a] = r / max(seats - 1, 1)
    out = np.zeros(4, np.float64)
    for c in range(4):
        out[c] = rew[seat_of[c]]
    return out


@njit(cache=True)
def _opp_attach(s: np.ndarray, c: int, seat_of: np.ndarray, q: int) -> bool:
    """Is square ``q`` an attach point of a colour of another seat?"""
    for k in range(4):
        if seat_of[k] != seat_of[c] and s[O_DONE + k] == 0 and s[O_INATT + k * CELLS + q] == 1 \
                and s[O_FORB + k * CELLS + q] == 0:
            return True
    return False


@njit(cache=True)
def _covers_opp(s: np.ndarray, c: int, seat_of: np.ndarray, p: int, cells: np.ndarray) -> bool:
    for k in range(5):
        q = cells[p, k]
        if q < 0:
            return False
        if _opp_attach(s, c, seat_of, q):
            return True
    return False


@njit(cache=True)
def playout_move(s: np.ndarray, buf: np.ndarray, seat_of: np.ndarray, local: int, cells: np.ndarray,
                 start: np.ndarray, ids: np.ndarray, psize: np.ndarray) -> int:
    """A playout's placement for the colour to move: random among the largest pieces that fit,
    a few tries (``local``) first for one that covers an opponent's attach point; -1 if blocked.

    The largest size left is tried by sampling first (a random attach point, unused piece of that
    size and placement of it there, up to 24 draws); only when no draw fits are that size's
    placements listed (and then the next size's)."""
    c = s[O_CUR]
    n_att = _compact(s, c)
    if n_att == 0:
        return -1
    base = O_FORB + c * CELLS
    used = O_USED + c * PIECES
    top = 0
    npc = 0
    for pc in range(PIECES):
        if s[used + pc] == 0:
            if psize[pc] > top:
                top = psize[pc]
                npc = 0
            if psize[pc] == top:
                buf[npc] = pc
                npc += 1
    found = -1
    extra = 0
    for _ in range(24):
        q = s[O_ATT + c * CELLS + np.random.randint(n_att)]
        pc = buf[np.random.randint(npc)]
        lo = start[q * PIECES + pc]
        hi = start[q * PIECES + pc + 1]
        if hi == lo:
            continue
        p = ids[lo + np.random.randint(hi - lo)]
        if _fits(s, base, p, cells):
            if extra >= local or _covers_opp(s, c, seat_of, p, cells):
                return int(p)
            if found < 0:
                found = p
            extra += 1
    if found >= 0:
        return int(found)
    for sz in range(top, 0, -1):
        n = 0
        for a in range(n_att):
            q = s[O_ATT + c * CELLS + a]
            for pc in range(PIECES):
                if psize[pc] != sz or s[used + pc]:
                    continue
                for j in range(start[q * PIECES + pc], start[q * PIECES + pc + 1]):
                    p = ids[j]
                    if _fits(s, base, p, cells):
                        buf[n] = p
                        n += 1
        if n > 0:
            for _ in range(local):
                p = buf[np.random.randint(n)]
                if _covers_opp(s, c, seat_of, p, cells):
                    return int(p)
            return int(buf[np.random.randint(n)])
    return -1


@njit(cache=True)
def seed_rng(seed: int) -> None:
    np.random.seed(seed)


# -- the tree ---------------------------------------------------------------------------------------
# nodes: first edge, number of edges (-1: not expanded), visits, colour to move
# edges: move (-1 pass), child node (-1 none), visits, value sum, RAVE visits, RAVE value sum

@njit(cache=True)
def _in_move(p: int, q: int, cells: np.ndarray) -> bool:
    for k in range(5):
        r = cells[p, k]
        if r < 0:
            return False
        if r == q:
            return True
    return False


@njit(cache=True)
def _new_attach(s: np.ndarray, p: int, c: int, cells: np.ndarray, side: np.ndarray, diag: np.ndarray) -> int:
    """How many attach points placement ``p`` would add for colour ``c``."""
    seen = np.empty(20, np.int32)
    count = 0
    base = O_FORB + c * CELLS
    for k in range(5):
        q = cells[p, k]
        if q < 0:
            break
        for j in range(4):
            n = diag[q, j]
            if n < 0 or s[base + n] != 0 or s[O_INATT + c * CELLS + n] != 0 or _in_move(p, n, cells):
                continue
            beside = False
            for i in range(4):
                m = side[n, i]
                if m >= 0 and _in_move(p, m, cells):
                    beside = True
                    break
            if beside:
                continue
            fresh = True
            for i in range(count):
                if seen[i] == n:
                    fresh = False
                    break
            if fresh:
                seen[count] = n
                count += 1
    return count


@njit(cache=True)
def _heuristic(s: np.ndarray, p: int, c: int, seat_of: np.ndarray, cells: np.ndarray, size: np.ndarray,
               centre: np.ndarray, side: np.ndarray, diag: np.ndarray, params: np.ndarray) -> float:
    """A move's points: its size, ``opp`` per opponent attach point it covers, ``attach`` per attach
    point it adds for its colour, minus ``centre`` per square of distance to the centre (the
    colour's first 5 pieces)."""
    h = float(size[p])
    dist = 99.0
    for k in range(5):
        q = cells[p, k]
        if q < 0:
            break
        if _opp_attach(s, c, seat_of, q):
            h += params[4]
        if centre[q] < dist:
            dist = centre[q]
    if s[O_NPL + c] < 5:
        h -= params[5] * dist
    if params[9] != 0:
        h += params[9] * _new_attach(s, p, c, cells, side, diag)
    return h


@njit(cache=True)
def _expand(s: np.ndarray, node: int, nd_first: np.ndarray, nd_n: np.ndarray, e_move: np.ndarray,
            e_child: np.ndarray, e_n: np.ndarray, e_w: np.ndarray, e_rn: np.ndarray, e_rw: np.ndarray,
            meta: np.ndarray, buf: np.ndarray, hbuf: np.ndarray, mark: np.ndarray, seat_of: np.ndarray,
            params: np.ndarray, cells: np.ndarray, start: np.ndarray, ids: np.ndarray, size: np.ndarray,
            centre: np.ndarray, side: np.ndarray, diag: np.ndarray) -> bool:
    """Creates the node's edges; False when the edge arrays are full."""
    width = int(params[1])
    prior_n = params[2]
    prior_scale = params[3]
    meta[2] += 1
    n = legal(s, buf, mark, meta[2], cells, start, ids)
    first = meta[1]
    if n == 0:
        if first + 1 > e_move.shape[0]:
            return False
        e_move[first] = -1
        e_child[first] = -1
        e_n[first] = 1.0
        e_w[first] = 0.5
        e_rn[first] = 0.0
        e_rw[first] = 0.0
        nd_first[node] = first
        nd_n[node] = 1
        meta[1] = first + 1
        return True
    c = s[O_CUR]
    best = -1e9
    for i in range(n):
        hbuf[i] = _heuristic(s, buf[i], c, seat_of, cells, size, centre, side, diag, params)
        if hbuf[i] > best:
            best = hbuf[i]
    order = np.argsort(-hbuf[:n])
    k = min(n, width)
    if first + k > e_move.shape[0]:
        return False
    for j in range(k):
        i = order[j]
        e = first + j
        e_move[e] = buf[i]
        e_child[e] = -1
        prior = 0.5 + prior_scale * (hbuf[i] - best)
        if prior < 0.05:
            prior = 0.05
        e_n[e] = prior_n
        e_w[e] = prior_n * prior
        e_rn[e] = 0.0
        e_rw[e] = 0.0
    nd_first[node] = first
    nd_n[node] = k
    meta[1] = first + k
    return True


@njit(cache=True)
def run_search(root: np.ndarray, iterations: int, nd_first: np.ndarray, nd_n: np.ndarray,
               nd_visits: np.ndarray, e_move: np.ndarray, e_child: np.ndarray, e_n: np.ndarray,
               e_w: np.ndarray, e_rn: np.ndarray, e_rw: np.ndarray, meta: np.ndarray, seat_of: np.ndarray,
               seats: int, params: np.ndarray,
               cells: np.ndarray, piece: np.ndarray, size: np.ndarray, start: np.ndarray, ids: np.ndarray,
               side: np.ndarray, diag: np.ndarray, centre: np.ndarray, psize: np.ndarray, top: int) -> None:
    """``iterations`` more iterations from node ``top`` (the position ``root``).

    ``meta``: [nodes used, edges used, move-generation stamp]; ``params``: [c, width, prior visits,
    prior scale, weight per opponent attach point, weight per centre distance, rave bias, margin, local,
    weight per new attach point, playout horizon in plies (0: to the end), value per attach point at
    the horizon, temperature of the horizon reward]."""
    cexp = params[0]
    rave_bias = params[6]
    margin = params[7]
    local = int(params[8])
    horizon = int(params[10])
    s = np.empty_like(root)
    buf = np.empty(4096, np.int32)
    hbuf = np.empty(4096, np.float64)
    mark = np.zeros(PLACEMENTS, np.int32)
    path_e = np.empty(512, np.int32)
    path_n = np.empty(512, np.int32)
    path_c = np.empty(512, np.int32)
    first_ply = np.empty((4, PLACEMENTS), np.int32)
    played = np.empty(512, np.int32)
    played_c = np.empty(512, np.int32)
    for _ in range(iterations):
        s[:] = root
        node = top
        depth = 0
        nplayed = 0
        while s[O_CUR] >= 0:
            if nd_n[node] < 0:
                if node != top and nd_visits[node] < 1:
                    break
                if not _expand(s, node, nd_first, nd_n, e_move, e_child, e_n, e_w, e_rn, e_rw, meta, buf,
                               hbuf, mark, seat_of, params, cells, start, ids, size, centre, side, diag):
                    break
            c = s[O_CUR]
            f = nd_first[node]
            k = nd_n[node]
            logn = np.log(nd_visits[node] + 1.0)
            best = -1e9
            be = f
            for e in range(f, f + k):
                n = e_n[e]
                q = e_w[e] / n
                if e_rn[e] > 0:
                    beta = e_rn[e] / (e_rn[e] + n + rave_bias * e_rn[e] * n)
                    q = (1 - beta) * q + beta * e_rw[e] / e_rn[e]
                v = q + cexp * np.sqrt(logn / n)
                if v > best:
                    best = v
                    be = e
            path_e[depth] = be
            path_n[depth] = node
            path_c[depth] = c
            depth += 1
            mv = e_move[be]
            if mv < 0:
                pass_turn(s)
            else:
                played[nplayed] = mv
                played_c[nplayed] = c
                nplayed += 1
                place(s, mv, cells, piece, size, side, diag)
            child = e_child[be]
            if child < 0:
                if meta[0] >= nd_first.shape[0]:
                    break
                child = meta[0]
                meta[0] += 1
                nd_first[child] = -1
                nd_n[child] = -1
                nd_visits[child] = 0.0
                e_child[be] = child
                node = child
                break
            node = child
        plies = 0
        while s[O_CUR] >= 0 and (horizon == 0 or plies < horizon):
            plies += 1
            mv = playout_move(s, buf, seat_of, local, cells, start, ids, psize)
            if mv < 0:
                pass_turn(s)
            else:
                if nplayed < 512:
                    played[nplayed] = mv
                    played_c[nplayed] = s[O_CUR]
                    nplayed += 1
                place(s, mv, cells, piece, size, side, diag)
        if s[O_CUR] >= 0:
            rew = horizon_reward(s, seat_of, seats, params[11], params[12])
        else:
            rew = rank_reward(s, seat_of, seats, margin)
        # RAVE: for each colour, the first ply at which it played each placement
        for i in range(nplayed):
            first_ply[played_c[i], played[i]] = -1
        for i in range(nplayed - 1, -1, -1):
            first_ply[played_c[i], played[i]] = i
        nd_visits[node] += 1.0
        ply = 0
        for d in range(depth):
            e = path_e[d]
            c = path_c[d]
            e_n[e] += 1.0
            e_w[e] += rew[c]
            nd_visits[path_n[d]] += 1.0 if d > 0 else 0.0
            if rave_bias >= 0:
                f = nd_first[path_n[d]]
                for e2 in range(f, f + nd_n[path_n[d]]):
                    mv = e_move[e2]
                    if mv >= 0 and e2 != e:
                        fp = first_ply[c, mv]
                        if fp >= ply and fp < nplayed and played[fp] == mv and played_c[fp] == c:
                            e_rn[e2] += 1.0
                            e_rw[e2] += rew[c]
            if e_move[e] >= 0:
                ply += 1
        nd_visits[top] += 1.0


# -- the Python side --------------------------------------------------------------------------------
PARAMS = {"c": 0.25, "width": 16, "prior_n": 4.0, "prior_scale": 0.08, "opp": 0.5, "centre": 0.3,
          "rave": 0.02, "margin": 0.5, "local": 3, "attach": 0.0, "horizon": 0, "h_attach": 1.0,
          "h_temp": 8.0}
"""Default search parameters (see :func:`run_search`); ``rave`` < 0 turns RAVE off."""


def position(moves: list[tuple[int, int, bool]], current: int | None) -> np.ndarray:
    """The compiled position after ``moves`` (the state's record: colour, placement or -1, timeout)."""
    s = new_position()
    for colour, pid, timeout in moves:
        s[O_CUR] = colour
        if pid >= 0:
            place(s, pid, PL_CELLS, PL_PIECE, PL_SIZE, SIDE_NB, DIAG_NB)
        elif not timeout:
            pass_turn(s)
    s[O_CUR] = -1 if current is None else current
    return s


class Tree:
    """The search tree's arrays, kept from one search to the next: a search starts at the node of
    its position when the moves played since the last search lead there (:meth:`follow`)."""

    def __init__(self, nodes: int = 250_000, edges: int = 1_500_000) -> None:
        self.nd_first = np.zeros(nodes, np.int32)
        self.nd_n = np.zeros(nodes, np.int32)
        self.nd_visits = np.zeros(nodes, np.float64)
        self.e_move = np.zeros(edges, np.int32)
        self.e_child = np.zeros(edges, np.int32)
        self.e_n = np.zeros(edges, np.float64)
        self.e_w = np.zeros(edges, np.float64)
        self.e_rn = np.zeros(edges, np.float64)
        self.e_rw = np.zeros(edges, np.float64)
        self.meta = np.zeros(3, np.int64)
        self.top = 0
        self.reset()

    def reset(self) -> None:
        self.meta[:2] = (1, 0)
        self.nd_first[0] = -1
        self.nd_n[0] = -1
        self.nd_visits[0] = 0.0
        self.top = 0

    def follow(self, moves: list[tuple[int, int, bool]]) -> bool:
        """Move the top to the node reached by ``moves`` (placement ids or -1 for a blocked colour's
        pass) from it; when a move is not in the tree (or the tree is mostly full), start afresh.
        True when a subtree was kept."""
        node = self.top
        full = self.meta[0] > 0.7 * len(self.nd_first) or self.meta[1] > 0.7 * len(self.e_move)
        for _colour, pid, timeout in moves:
            f, k = int(self.nd_first[node]), int(self.nd_n[node])
            child = -1
            if not timeout and k > 0:
                for e in range(f, f + k):
                    if self.e_move[e] == pid:
                        child = int(self.e_child[e])
                        break
            if child < 0 or full:
                self.reset()
                return False
            node = child
        self.top = node
        return True

    def search(self, root: np.ndarray, iterations: int, seat_of: np.ndarray, seats: int,
               params: np.ndarray) -> None:
        run_search(root, iterations, self.nd_first, self.nd_n, self.nd_visits, self.e_move, self.e_child,
                   self.e_n, self.e_w, self.e_rn, self.e_rw, self.meta, seat_of, seats, params, PL_CELLS,
                   PL_PIECE, PL_SIZE, BY_CP_START, BY_CP_IDS, SIDE_NB, DIAG_NB, CENTRE_DIST, PIECE_SIZE,
                   self.top)

    def root_moves(self) -> list[tuple[int, float, float]]:
        """(move, visits with the prior's, mean value) of the top node's edges."""
        f, k = int(self.nd_first[self.top]), int(self.nd_n[self.top])
        if k <= 0:
            return []
        return [(int(self.e_move[e]), float(self.e_n[e]), float(self.e_w[e] / self.e_n[e]))
                for e in range(f, f + k)]


def param_vector(**overrides: float) -> np.ndarray:
    unknown = set(overrides) - set(PARAMS)
    if unknown:
        raise ValueError(f"unknown search parameter(s) {sorted(unknown)}; known: {', '.join(PARAMS)}")
    p = {**PARAMS, **overrides}
    return np.array([p["c"], p["width"], p["prior_n"], p["prior_scale"], p["opp"], p["centre"], p["rave"],
                     p["margin"], p["local"], p["attach"], p["horizon"], p["h_attach"], p["h_temp"]],
                    np.float64)
