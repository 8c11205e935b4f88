"""Issue 37, accounts and sessions: signing out ends the session on the server (a copied cookie opens
nothing afterwards), so do a new password and a disabled account; failed sign-ins lock out the guesser, never
the account's owner; new passwords and names are checked."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tablesport.server.app import create_app
from tablesport.server.web import auth
from tablesport.store import accounts
from tablesport.store.password_rules import name_problem, password_problem

from .test_accounts import PASSWORD, csrf_of, make_user, sign_in


@pytest.fixture
def web(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(f"sqlite:///{tmp_path / 'web.sqlite3'}", bot_delay=0.0)
    with TestClient(app, client=("10.0.0.1", 5000)) as c:
        yield c


def token_of(client: TestClient, path: str) -> str:
    found = re.search(r'name="csrf" value="([^"]+)"', client.get(path).text)
    assert found is not None
    return found.group(1)


def test_a_cookie_copied_before_sign_out_opens_nothing_after(web: TestClient) -> None:
    make_user(web, "olga", "organiser")
    assert sign_in(web, "olga").status_code == 303
    copied = web.cookies[auth.SESSION_COOKIE]
    assert (
        web.post("/logout", data={"csrf": token_of(web, "/organiser")}, follow_redirects=False).status_code
        == 303
    )
    thief = TestClient(web.app, client=("10.9.9.9", 5000))
    thief.cookies.set(auth.SESSION_COOKIE, copied)
    assert thief.get("/organiser").status_code == 401
    form = {"name": "mallory", "role": "organiser", "password": PASSWORD}
    thief.cookies.set(auth.CSRF_COOKIE, web.cookies.get(auth.CSRF_COOKIE) or "")
    r = thief.post("/organiser/users", data={**form, "csrf": token_of(web, "/login")}, follow_redirects=False)
    assert r.status_code in (401, 403)
    with web.app.state.sessions() as s:  # type: ignore[attr-defined]
        assert accounts.find_user(s, "mallory") is None


def test_changing_the_password_ends_the_other_sessions(web: TestClient) -> None:
    make_user(web, "olga", "organiser")
    other = TestClient(web.app, client=("10.0.0.2", 5000))
    assert sign_in(other, "olga").status_code == 303
    assert sign_in(web, "olga").status_code == 303
    page = web.get("/account/password")
    assert page.status_code == 200 and 'id="password-form"' in page.text
    token = token_of(web, "/account/password")
    new = "a brand new passphrase"
    r = web.post(
        "/account/password",
        data={"current": "wrong password!", "password": new, "password2": new, "csrf": token},
    )
    assert r.status_code == 400 and "current password is wrong" in r.text
    r = web.post(
        "/account/password",
        data={"current": PASSWORD, "password": "aaaaaaaaaa", "password2": "aaaaaaaaaa", "csrf": token},
    )
    assert r.status_code == 400 and "different characters" in r.text
    r = web.post(
        "/account/password",
        data={"current": PASSWORD, "password": new, "password2": new, "csrf": token},
        follow_redirects=False,
    )
    assert r.status_code == 303
    assert web.get("/organiser").status_code == 200  # this browser goes on with a new session
    assert other.get("/organiser").status_code == 401  # the other one is signed out
    assert sign_in(other, "olga", new).status_code == 303


def test_the_organiser_disables_an_account_and_its_sessions_end(web: TestClient) -> None:
    make_user(web, "olga", "organiser")
    make_user(web, "rita", "referee")
    rita = TestClient(web.app, client=("10.0.0.3", 5000))
    assert sign_in(rita, "rita").status_code == 303
    assert rita.get("/referee").status_code == 200
    sign_in(web, "olga")
    home = web.get("/organiser").text
    with web.app.state.sessions() as s:  # type: ignore[attr-defined]
        rita_id = accounts.find_user(s, "rita").id  # type: ignore[union-attr]
        olga_id = accounts.find_user(s, "olga").id  # type: ignore[union-attr]
    assert f'action="/organiser/users/{rita_id}/disabled"' in home
    token = token_of(web, "/organiser")
    r = web.post(f"/organiser/users/{olga_id}/disabled", data={"value": "1", "csrf": token})
    assert r.status_code == 400 and "their own account" in r.text
    r = web.post(f"/organiser/users/{rita_id}/disabled", data={"value": "yes", "csrf": token})
    assert r.status_code == 400 and "1 or 0" in r.text
    r = web.post(
        f"/organiser/users/{rita_id}/disabled", data={"value": "1", "csrf": token}, follow_redirects=False
    )
    assert r.status_code == 303
    assert rita.get("/referee").status_code == 401
    assert sign_in(rita, "rita").status_code == 401
    web.post(f"/organiser/users/{rita_id}/disabled", data={"value": "0", "csrf": token})
    assert sign_in(rita, "rita").status_code == 303
    # a player may not disable anyone
    make_user(web, "pia", "player")
    pia = TestClient(web.app, client=("10.0.0.4", 5000))
    sign_in(pia, "pia")
    r = pia.post(f"/organiser/users/{olga_id}/disabled", data={"value": "1", "csrf": token_of(pia, "/me")})
    assert r.status_code == 403


def test_failed_sign_ins_never_lock_out_the_owner(web: TestClient) -> None:
    """Five wrong passwords from one address lock that address out of that account, not the account: the
    right password from another address, or from a browser that signed in to it before, still works."""
    make_user(web, "olga", "organiser")
    owner = TestClient(web.app, client=("10.0.0.1", 5000))  # the same address as the guesser (one Wi-Fi)
    assert sign_in(owner, "olga").status_code == 303
    assert auth.DEVICE_COOKIE in owner.cookies
    owner.post("/logout", data={"csrf": token_of(owner, "/organiser")})
    for _ in range(auth.LOGIN_PER_ACCOUNT + 2):
        assert sign_in(web, "olga", "not the password").status_code in (401, 429)
    r = sign_in(web, "olga")
    assert r.status_code == 429  # the guesser's own browser and address stay locked
    elsewhere = TestClient(web.app, client=("10.0.0.7", 5000))
    assert sign_in(elsewhere, "olga").status_code == 303  # another device: the right password works
    device = owner.cookies[auth.DEVICE_COOKIE]
    owner.cookies.clear()
    owner.cookies.set(auth.DEVICE_COOKIE, device)  # the owner's browser on the guesser's address
    r = owner.post(
        "/login", data={"name": "olga", "password": PASSWORD, "csrf": csrf_of(owner)}, follow_redirects=False
    )
    assert r.status_code == 303
    # a device cookie for another account (or a forged one) earns nothing
    owner.cookies.clear()
    owner.cookies.set(auth.DEVICE_COOKIE, device)
    make_user(web, "rita", "referee")
    for _ in range(auth.LOGIN_PER_ACCOUNT):
        owner.post("/login", data={"name": "rita", "password": "not it at all", "csrf": csrf_of(owner)})
    r = owner.post(
        "/login", data={"name": "rita", "password": PASSWORD, "csrf": csrf_of(owner)}, follow_redirects=False
    )
    assert r.status_code == 429


def test_weak_passwords_and_lookalike_names_are_refused(web: TestClient) -> None:
    for bad, why in (
        ("aaaaaaaaaa", "different characters"),
        ("password123", "everyone tries first"),
        ("Password2024!", "everyone tries first"),
        ("qwertyuiop", "everyone tries first"),
        ("iloveyouiloveyou", "everyone tries first"),
        ("my name is petersen", "account's name"),
    ):
        problem = password_problem(bad, "petersen")
        assert problem is not None and why in problem.message, bad
    assert password_problem("correct horse battery", "pete") is None
    for bad in ("pete\u200b", "\u202epete", "pe\u00adte", "pete\u2028", "pe\u3000te", "pete\x7f"):
        assert name_problem(bad) is not None, repr(bad)
    assert name_problem("李小龙 Lee") is None
    r = web.post(
        "/register",
        data={
            "name": "pete\u200b",
            "password": PASSWORD,
            "password2": PASSWORD,
            "csrf": csrf_of(web, "/register"),
        },
        follow_redirects=False,
    )
    assert r.status_code == 400 and "zero-width" in r.text
    r = web.post(
        "/register",
        data={
            "name": "pete",
            "password": "aaaaaaaaaa",
            "password2": "aaaaaaaaaa",
            "csrf": csrf_of(web, "/register"),
            "lang": "zh-Hans",
        },
        headers={"accept-language": "zh-CN"},
        follow_redirects=False,
    )
    assert r.status_code == 400 and "个不同的字符" in r.text  # in the visitor's language
    with web.app.state.sessions() as s:  # type: ignore[attr-defined]
        assert accounts.users(s) == []


def test_a_profile_does_not_confirm_an_account_that_never_played(web: TestClient) -> None:
    make_user(web, "olga", "organiser")
    make_user(web, "rita", "referee")
    nobody = web.get("/players/no-such-name")
    assert nobody.status_code == 404
    for name in ("olga", "rita"):
        r = web.get(f"/players/{name}")
        assert r.status_code == 404, name
        assert web.get(f"/api/v1/players/{name}").status_code == 404
    sign_in(web, "rita")
    assert web.get("/players/rita").status_code == 200  # one's own, before any game
    assert web.get("/players/olga").status_code == 404
