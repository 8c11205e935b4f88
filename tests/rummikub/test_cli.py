"""The solver contract: ``tablesport rummikub solve [--objective tiles|value] --json``."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from tablesport.cli import app


def run(stdin: str, *args: str) -> tuple[int, str, str]:
    r = CliRunner().invoke(app, ["rummikub", "solve", *args], input=stdin)
    return r.exit_code, r.stdout, r.stderr


def test_one_position() -> None:
    code, out, _ = run('{"table": [["R1","R2","R3"]], "rack": ["R4","B4","O4","K9"], "melded": true}',
                       "--json")
    assert code == 0
    ans = json.loads(out)
    assert ans["tiles_placed"] == 3 and sorted(ans["placed"]) == ["B4", "O4", "R4"]
    assert set(ans) >= {"tiles_placed", "value_placed", "placed", "table"}


def test_json_lines_one_answer_per_line() -> None:
    lines = "\n".join(json.dumps({"table": [], "rack": r, "melded": False})
                      for r in (["R10", "R11", "R12"], ["R1", "R2", "R3"], ["K13", "B13", "O13", "J"]))
    code, out, _ = run(lines + "\n", "--json", "--objective", "value")
    assert code == 0
    answers = [json.loads(x) for x in out.splitlines()]
    assert [a["tiles_placed"] for a in answers] == [3, 0, 4]
    assert answers[2]["value_placed"] == 69


def test_bad_input_exits_2_with_one_line() -> None:
    for stdin in ('{"table": [["R1","R2"]], "rack": []}', '{"rack": ["Z3"]}', "not json",
                  '{"rack": ["R1"]}\n[1]\n', '{"table": [], "rack": ["R1","R1","R1"]}'):
        code, _, err = run(stdin, "--json")
        assert code == 2 and err.count("\n") == 1 and err.startswith("error:")
    code, _, err = run('{"rack": []}', "--objective", "speed")
    assert code == 2
