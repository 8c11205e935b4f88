"""The competition rules that results are checked against, each with the seed clause it comes from.

A refusal names one of these (``TournamentError.rule``), so an organiser's page can show the clause and
its text next to the message, and a test can say which clause it checks. Seeds: 000 (2011 game day),
001 (2014 school competition), 002 (2018 Rummikub), 003 (2012 official Sanguosha 3v3).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Rule:
    id: str
    clause: str
    text: str

    def to_json(self) -> dict[str, str]:
        return {"id": self.id, "clause": self.clause, "text": self.text}


def _r(id: str, clause: str, text: str) -> Rule:
    return Rule(id, clause, text)


RULES: dict[str, Rule] = {r.id: r for r in (
    _r("series_decided", "seed 000 §一1.1, 001 §一1.1, 003 §2.1.1",
       "任一方先获胜2局即获得该轮比赛的胜利: the first team to win 2 games wins the series; "
       "no game is played after that"),
    _r("group_round_games", "seed 000 §一4",
       "2场比赛之后算总分: a 2011 group round is exactly 2 games (2:0 scores 3/0, 1:1 scores 1 each)"),
    _r("game_order", "seed 000 §二4, 001 §二4, 003 §3.4",
       "a series is played game after game: each game ends before the next begins, and has one result"),
    _r("commander_rotation", "seed 000 §一1.1, 001 §一1.1, 003 §2.1.1",
       "如比赛局数大于一局，主帅选手应当进行轮换: a member may command again only once every member of the "
       "team has commanded (the rotation fixes no order)"),
    _r("team_members", "seed 000 §一1.1, 003 §2.1.1",
       "每方阵营各有三名选手，分为主帅和两名前锋: a commander is one of the team's three registered members"),
    _r("technical_limit", "seed 001 §一1.2, 003 §2.1.2",
       "有犯规者扣除本队技术分1分，扣满3分，该队自动判负: the third technical point ends the game as a loss "
       "for that team at once"),
    _r("disqualification", "seed 001 §二3 3)B; reference D13",
       "累计扣到5分及以上，则直接剥夺其游戏资格: a player with 5 penalty points is disqualified; a "
       "disqualified commander loses the game for his team"),
    _r("loser_surviving_zero", "seed 003 §4.1 2), 000 glossary 17",
       "2012: 一场比赛的负方剩余武将数恒定为0 (the loser always counts 0); 2011/2014: 如一方认输或主帅阵亡，"
       "视为其所有武将均阵亡，存活武将数为0 (0 after a concession or the commander's death; at time-up both "
       "sides' boards count)"),
    _r("time_up_3v3_2011", "seed 000 §一4",
       "比赛时间结束，双方主帅均存活: more surviving generals wins, then less lost HP of the survivors, then "
       "fewer technical points deducted; still level: the referee times 5 minutes of overtime, "
       "repeated until decided"),
    _r("time_up_3v3_2014", "seed 001 §一4 2)",
       "比赛时间结束: more surviving generals, then less lost HP, then fewer technical points; still level: "
       "5 minutes of overtime, repeated until decided"),
    _r("time_up_3v3_2012", "seed 003 §2.4.2; overtime repeated: reference D14",
       "比賽時間結束: more surviving generals, then less lost HP; still level: 5 minutes of overtime "
       "(repeated until decided)"),
    _r("time_up_1v1_2014", "seed 001 1v1 §一3, §三",
       "比赛时间到: more generals left (reserve and on the field) wins, then less lost HP of the "
       "generals on the field, then 比点 (each side shows a card, the higher rank wins)"),
    _r("table_seats", "seed 000 Ticket to Ride Competition 1, Monopoly Deal Match rules, Blokus league",
       "4 players per game: a table's result gives a score for exactly the players seated there"),
    _r("table_score", "seed 000 Blokus Calculating points, Ticket to Ride, Monopoly Deal THE WINNER",
       "a game score is what the game counts: Blokus −1 per square not placed, +15 / +20 for all 21 pieces"),
    _r("pictionary_time_up", "seed 000 Pictionary §4",
       "If time is up before any team lands on the Finish square, the team that covers more squares wins; "
       "the winner gets 5 points and the other team 3"),
    _r("monopoly_deal_value", "seed 000 Monopoly Deal THE WINNER, Set up 2",
       "each player counts up the value of their Bank and Properties: 0M to 242M, the whole event deck "
       "(the Deal Breakers removed); a House on a complete set (not railroads or utilities), a Hotel on one "
       "with a House"),
    _r("pictionary_final", "seed 000 Pictionary §5",
       "During the finals, the rules are the same except that the team has to reach Finish: time-up does not "
       "decide the final, play continues until a team reaches Finish"),
    _r("seating", "seed 000 (4 players per game, league rounds), Pictionary §5 (2 teams a table)",
       "a round seats every playing entrant exactly once, at tables of the competition's size"),
    _r("rummikub_table", "seed 002 賽制 4",
       "當一張枱坐滿 4 名參賽者，便可以開始遊戲: a game starts when 4 players sit at a table"),
    _r("rummikub_leave_table", "seed 002 賽制 5",
       "「記分紙」已滿的參賽者必須離枱，否則由負分較多的兩名參賽者須重新排隊: a full sheet leaves the table, "
       "else the two with the most minus points queue again"),
    _r("rummikub_sheet", "seed 002 賽制 1",
       "每張「記分紙」將記下三局賽事的分數。每完成三局賽事，"
       "可到「報分登記處」提交「記分紙」，並換取另一張: "
       "a sheet holds 3 games; a full sheet is handed in at the desk for a new one"),
    _r("rummikub_cutoff", "seed 002 賽制 1", "12:00 起將暫停換領新「記分紙」: no new sheet from the cut-off"),
    _r("rummikub_lost_sheet", "seed 002 賽制 1",
       "每遺失一張「記分紙」，該參賽者的所有記分，正分將扣減10%: "
       "each lost sheet costs 10 % of the plus points"),
    _r("rummikub_scoring", "seed 002 賽制 3, 計分方法",
       "the first to empty the rack wins; the others lose their rack (a joker 30; −100 / −200 without the "
       "initial meld); a junior winner makes senior losers ×1.2; the winner scores the losers' sum"),
    _r("rummikub_divisions", "seed 002 賽制 6, 3.2",
       "個人賽分初小組、高小組: players are in the junior (初小組) or the senior (高小組) division; a junior "
       "winner makes senior losers' minus points ×1.2"),
    _r("rummikub_tiles", "seed 002 (the tiles: 1–13 in four colours, two of each, and 2 jokers)",
       "a rack is tile codes: a colour letter R B O K and a number 1–13 (R7, K13), or J for a joker; at most "
       "two of each code and two jokers in a game"),
    _r("blokus_score", "seed 000 Blokus Calculating points",
       "a Blokus game score is −1 … −89 (−1 per square not placed), +15 (all 21 pieces placed) or +20 "
       "(all placed, the single square last); nothing else"),
    _r("blokus_pieces", "seed 000 Blokus Composition of the game",
       "21 different pieces per colour: 1 of one square, 1 of two, 2 of three, 5 of four, 12 of five"),
)}


def rule(id: str) -> Rule:
    return RULES[id]
