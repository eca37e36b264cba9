"""Production settings pass ``manage.py check --deploy`` and every page is sent with a strict
Content-Security-Policy (issue 8; DESIGN §5)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.urls import reverse

ROOT = Path(__file__).resolve().parents[2]


def _production_env(**extra: str) -> dict:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("SECURE_", "MP_BEHIND", "DEBUG", "SESSION_COOKIE", "CSRF_COOKIE"))}
    env.update({"DEBUG": "0", "SECRET_KEY": "x" * 20 + "-production-check-" + "y" * 30,
                "DATABASE_URL": "postgresql://mahjong:secret@127.0.0.1:5432/mahjong",
                "REDIS_URL": "redis://127.0.0.1:6379/0", "ALLOWED_HOSTS": "mahjong.example.com",
                "DJANGO_SETTINGS_MODULE": "mahjongsite.settings"}, **extra)
    return env


def _check_deploy(env: dict) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)


def test_check_deploy_is_clean_with_the_production_settings():
    done = _check_deploy(_production_env())
    assert done.returncode == 0, done.stdout + done.stderr
    assert "no issues" in done.stdout + done.stderr


def test_check_deploy_is_clean_behind_a_tls_proxy_and_warns_when_https_is_switched_off():
    behind = _check_deploy(_production_env(MP_BEHIND_TLS_PROXY="1"))
    assert behind.returncode == 0, behind.stdout + behind.stderr
    plain = _check_deploy(_production_env(SECURE_SSL_REDIRECT="0", SECURE_HSTS_SECONDS="0"))
    assert plain.returncode != 0                         # the loopback-only switch is visible
    assert "security.W004" in plain.stderr and "security.W008" in plain.stderr


def test_embedded_default_check_is_clean_on_sqlite(tmp_path):
    """``make run`` on the embedded default (SQLite) prints no warning: SQLite's lack of covering
    indexes (models.W040, leaderboard.Rating) is silenced there only (fresh-user trial item 4)."""
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "REDIS_URL"}}
    env.update({"DJANGO_SETTINGS_MODULE": "mahjongsite.settings", "SQLITE_PATH": str(tmp_path / "c.sqlite3")})
    # --database: the database-dependent model checks, which `make run`'s migrate runs too.
    done = subprocess.run([sys.executable, "manage.py", "check", "--database", "default", "--fail-level",
                           "WARNING"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "WARNING" not in done.stdout + done.stderr and "W040" not in done.stdout + done.stderr
    assert "no issues" in done.stdout + done.stderr


def test_postgresql_keeps_the_covering_leaderboard_indexes():
    """On PostgreSQL nothing is silenced and Rating's ranking indexes keep their INCLUDE columns (P-LB-1)."""
    code = ("from django.conf import settings as s; from leaderboard.models import Rating; "
            "print(s.SILENCED_SYSTEM_CHECKS, [i.name for i in Rating._meta.indexes if i.include])")
    run = subprocess.run([sys.executable, "-c", "import django; django.setup(); " + code], cwd=ROOT,
                         env=_production_env(), capture_output=True, text=True, timeout=60)
    assert run.stdout.strip() == "[] ['lb_rating_human_rank', 'lb_rating_computer_rank']", run.stdout + run.stderr


def test_production_settings_values():
    code = ("from django.conf import settings as s; "
            "print(s.SECURE_SSL_REDIRECT, s.SECURE_HSTS_SECONDS, s.SECURE_HSTS_INCLUDE_SUBDOMAINS, "
            "getattr(s, 'SECURE_PROXY_SSL_HEADER', None), s.SESSION_COOKIE_SECURE, s.CSRF_COOKIE_SECURE)")
    run = subprocess.run([sys.executable, "-c", "import django; django.setup(); " + code], cwd=ROOT,
                         env=_production_env(MP_BEHIND_TLS_PROXY="1"), capture_output=True, text=True,
                         timeout=60)
    assert run.stdout.split() == ["True", "31536000", "True", "('HTTP_X_FORWARDED_PROTO',", "'https')",
                                  "True", "True"], run.stdout + run.stderr


@pytest.mark.django_db
def test_every_page_is_sent_with_a_strict_content_security_policy(client):
    for name in ("lobby", "login", "signup", "computers", "password_reset"):
        policy = client.get(reverse(name))["Content-Security-Policy"]
        directives = dict(d.strip().split(" ", 1) for d in policy.split(";") if d.strip())
        assert directives["script-src"] == "'self'", policy
        assert directives["style-src"] == "'self'", policy
        assert "'unsafe-inline'" not in policy and "'unsafe-eval'" not in policy
        sources = set(directives["connect-src"].split())
        assert sources == {"'self'", *(f"{scheme}://{host}:*" for scheme in ("ws", "wss")
                                       for host in ("127.0.0.1", "localhost", "testserver"))}, sources
        assert directives["frame-ancestors"] == "'none'" and directives["object-src"] == "'none'"
