"""Registration lists as CSV: rows become entrant documents; each bad row gets its own error."""

from __future__ import annotations

from tablesport.tournament.registration_csv import parse


def test_rows_become_entrants_with_members_in_one_or_many_columns() -> None:
    rows, error = parse("\ufeffID,Name,Members,Division,School,Seed,Paid\n"
                        "Tigers,Tigers,Ann;Bo;Cy,senior,School 1,1,yes\n\n"
                        "Dragons,,Di|Ed|Flo,,,,no\n")
    assert error is None
    assert [r.entrant for r in rows] == [
        {"id": "Tigers", "name": "Tigers", "members": ["Ann", "Bo", "Cy"], "division": "senior",
         "club": "School 1", "seed": 1, "paid": True},
        {"id": "Dragons", "members": ["Di", "Ed", "Flo"], "paid": False}]
    rows, error = parse("id,member1,member2,member3\nT1,a,b,c\n")
    assert error is None and rows[0].entrant == {"id": "T1", "members": ["a", "b", "c"], "paid": False}


def test_each_bad_row_names_its_line_and_what_is_wrong() -> None:
    rows, error = parse('id,members,seed,paid\nA,x;y;z,0,yes\n,p;q;r,,\nC,"s;s;t",,\nD,u;v;w,,maybe\n'
                        "E,a;b;c,,,extra\nF,d;e;f,2,no\n")
    assert error is None
    errors = [r.error for r in rows]
    assert errors[0] == "line 2: the seed is a whole number from 1, not '0'"
    assert errors[1] == "line 3: no id"
    assert errors[2] is not None and "named twice" in errors[2]
    assert errors[3] == "line 5: paid is yes or no, not 'maybe'"
    assert errors[4] is not None and errors[4].startswith("line 6: 5 cells for 4 columns")
    assert errors[5] is None and rows[5].entrant == {"id": "F", "members": ["d", "e", "f"], "seed": 2,
                                                     "paid": False}


def test_a_file_without_ids_or_with_unknown_columns_is_refused_whole() -> None:
    assert parse("")[1] is not None
    assert "'id' column" in (parse("name,members\nA,x\n")[1] or "")
    assert "unknown column(s) colour" in (parse("id,colour\nA,red\n")[1] or "")
