"""Django settings for Mahjong Planet: one module, configured from the environment (DESIGN §5).

Environment variables (all optional; absent means the embedded default, never an
insecure production):

- ``DATABASE_URL`` — e.g. ``postgresql://user:pass@host:5432/mahjong`` (psycopg 3).
  Absent: SQLite file ``db.sqlite3`` in WAL mode.
- ``REDIS_URL`` — e.g. ``redis://127.0.0.1:6379/0``: channel layer (channels-redis) and
  Celery broker; Celery tasks then run in separate ``celery -A mahjongsite worker`` processes.
  Absent: in-process channel layer, memory broker and an embedded Celery worker thread.
- ``SECRET_KEY`` — required in production (``DATABASE_URL`` or ``REDIS_URL`` set). Absent in
  the embedded default: a random key made on first start and kept in ``var/secret_key``
  (``MP_SECRET_KEY_FILE`` overrides the path); absent with ``DEBUG``: a dev-only key.
- ``DEBUG`` — ``1``/``true`` to enable (Django's debug pages, for development only); default
  off everywhere, so ``make run`` shows the site's own 404 and 500 pages.
- ``ALLOWED_HOSTS`` — comma-separated; default ``127.0.0.1,localhost`` (plus ``testserver``).
- ``MP_COMPUTER_DELAY_MIN`` / ``MP_COMPUTER_DELAY_MAX`` — computer think delay, seconds
  (P-BOT-4, default 0.5 / 1.5).
- ``MP_CLOCK_LAG_ALLOWANCE`` — hidden transport allowance after a displayed deadline, seconds
  (P-CLOCK-8, default 0.5; tests may set 0).
- ``MP_CLOCK_SCALE`` — multiplies every clock duration and the results-screen delay (default
  1.0). A test-only knob so that timed play runs in seconds; never set it in production.
- ``MP_RESULTS_SCREEN_SECONDS`` — a timed table's results screen advances after this many
  seconds (P-FLOW-1, default 15; multiplied by ``MP_CLOCK_SCALE``).
- ``MP_CLAIM_MASK_SHARE`` — share (0..1) of discards nobody can call after which the table
  still pauses as if someone were deciding (P-FAIR-6; default 0.25; the pause is drawn from
  the computer think-time range above).
- ``MP_PRESENCE_TTL`` / ``MP_PRESENCE_RENEW`` — a seat's presence lease lasts this many seconds
  unless its connection's server process renews it, which it does every ``MP_PRESENCE_RENEW``
  seconds (P-CONN-2, P-CONN-5; default 30 / 10; tests shrink both).
- ``MP_SPECTATOR_DELAY`` — seconds public spectators of ranked games (and the public Live
  games list) are behind the live game (P-SPECT-2; default 180; tests shrink it).
- ``CELERY_EMBEDDED`` — force the in-process worker on (``1``) or off (``0``).

Hardening (issue 8; all have safe defaults):

- ``MP_BEHIND_TLS_PROXY`` — ``1`` when a TLS-terminating proxy sets ``X-Forwarded-Proto``:
  Django then trusts that header (``SECURE_PROXY_SSL_HEADER``). Default off.
- ``SECURE_SSL_REDIRECT`` — redirect plain HTTP to HTTPS; default on in production (off with
  DEBUG and in the embedded default, which serves plain HTTP on the loopback).
  Set ``0`` for the plain-HTTP loopback load and soak runs.
- ``SECURE_HSTS_SECONDS`` — HSTS max-age, seconds; default 31536000 (one year) in production,
  0 (no header) with DEBUG and in the embedded default. ``SECURE_HSTS_INCLUDE_SUBDOMAINS`` / ``SECURE_HSTS_PRELOAD``
  default on with HSTS.
- ``MP_LOGIN_FAILURE_LIMIT`` / ``MP_LOGIN_COOLOFF_MINUTES`` — django-axes: failed log-ins per
  username and IP before a lock-out (default 10) and its length (default 15 minutes).
- ``MP_MAX_ACTIVE_PRACTICE`` — unfinished practice games one account may have (default 10).
- ``MP_GAME_CREATE_LIMIT`` / ``MP_GAME_CREATE_WINDOW_SECONDS`` — games one account may create
  per window (default 10 per 600 s).
- ``MP_WS_RATE_BURST`` / ``MP_WS_RATE_PER_SECOND`` / ``MP_WS_FLOOD_LIMIT`` — WebSocket messages
  per connection: burst (20), sustained rate (10 per second), flood score that closes the
  connection with code 4429 (50).
- ``MP_API_ACTION_RATE`` — DRF throttle of the actions API per account (default ``300/min``);
  ``MP_API_USER_RATE`` — every other API call per account (default ``1200/min``).
"""
from __future__ import annotations

import os
import tempfile
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured


def _env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


BASE_DIR = Path(__file__).resolve().parent.parent

DATABASE_URL = os.environ.get("DATABASE_URL", "").strip()
REDIS_URL = os.environ.get("REDIS_URL", "").strip()
EMBEDDED = not DATABASE_URL and not REDIS_URL

DEBUG = _env_bool("DEBUG", False)
# Production is whatever names a database or Redis; the embedded default (`make run`) serves
# plain HTTP on the loopback, so HTTPS-only settings stay off there (DESIGN §5).
PRODUCTION = not EMBEDDED and not DEBUG


def _embedded_secret_key() -> str:
    """The embedded default's own key: made once from ``secrets`` and kept in a file readable
    by its owner only, so sessions survive a restart and no key is shared between installs.
    The file appears whole (written aside, then hard-linked into place), so parallel first
    starts agree on one key."""
    import secrets

    path = Path(os.environ.get("MP_SECRET_KEY_FILE", "") or BASE_DIR / "var" / "secret_key")
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".secret_key.")   # mode 0600
        try:
            with os.fdopen(fd, "w") as out:
                out.write(secrets.token_urlsafe(50))
            os.link(tmp, path)
        except FileExistsError:
            pass                                 # a parallel first start won
        finally:
            os.unlink(tmp)
    key = path.read_text().strip()
    if not key:
        raise ImproperlyConfigured(f"{path} is empty; delete it or set SECRET_KEY.")
    return key


SECRET_KEY = os.environ.get("SECRET_KEY", "").strip()
if not SECRET_KEY:
    if DEBUG:
        SECRET_KEY = "dev-only-insecure-key-do-not-use-in-production"
    elif EMBEDDED:
        SECRET_KEY = _embedded_secret_key()
    else:
        raise ImproperlyConfigured("SECRET_KEY must be set in production (DESIGN §5).")

ALLOWED_HOSTS = [h.strip() for h in os.environ.get("ALLOWED_HOSTS", "127.0.0.1,localhost").split(",")
                 if h.strip()]
if "testserver" not in ALLOWED_HOSTS:
    ALLOWED_HOSTS.append("testserver")

INSTALLED_APPS = [
    "daphne",
    "csp",
    "axes",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "channels",
    "rest_framework",
    "drf_spectacular",
    "accounts",
    "games",
    "leaderboard",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    # Last, as django-axes asks: turns a locked-out log-in into the "too many attempts" page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "mahjongsite.urls"
ASGI_APPLICATION = "mahjongsite.asgi.application"
WSGI_APPLICATION = None

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "games.context_processors.site_banners",
                "csp.context_processors.nonce",
            ],
        },
    },
]

if DATABASE_URL:
    # Health checks: a persistent connection is tested before it is reused, so a PostgreSQL
    # restart costs a reconnect instead of failing the next action or task (issue 8).
    DATABASES = {"default": dj_database_url.parse(DATABASE_URL, conn_max_age=60,
                                                  conn_health_checks=True)}
else:
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": os.environ.get("SQLITE_PATH", str(BASE_DIR / "db.sqlite3")),
            "OPTIONS": {
                # IMMEDIATE: every transaction takes the write lock at its start, so the
                # one-writer-per-table rule (DESIGN §3) holds on SQLite, where
                # select_for_update is a no-op. WAL lets readers run beside the writer.
                "transaction_mode": "IMMEDIATE",
                "timeout": 20,
                "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
            },
            # Tests use a file, not shared-cache memory, whose table locks fail across the
            # threads of async consumers; one file per test process (xdist-safe).
            "TEST": {"NAME": os.path.join(tempfile.gettempdir(), f"mahjong-test-{os.getpid()}.sqlite3")},
        }
    }

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
AUTH_USER_MODEL = "accounts.User"
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# django-axes first: it refuses a locked-out username+IP before any password is checked.
AUTHENTICATION_BACKENDS = [
    "accounts.throttle.LoginThrottleBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = int(os.environ.get("MP_LOGIN_FAILURE_LIMIT", "10"))
AXES_COOLOFF_TIME = float(os.environ.get("MP_LOGIN_COOLOFF_MINUTES", "15")) / 60   # hours
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]     # one username from one address
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
AXES_HTTP_RESPONSE_CODE = 429
AXES_VERBOSE = False
AXES_USERNAME_CALLABLE = "accounts.throttle.username_of"
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "lobby"
LOGOUT_REDIRECT_URL = "lobby"

LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("es", "Español")]   # those with a catalogue in locale/
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
STATICFILES_DIRS = [BASE_DIR / "static"] if (BASE_DIR / "static").is_dir() else []
STATIC_ROOT = BASE_DIR / "staticfiles"

# E-mail: console by default (P-ACCT confirmation and password reset links print to the log).
EMAIL_BACKEND = os.environ.get("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Mahjong Planet <noreply@localhost>")

# Channels: Redis when REDIS_URL is given, otherwise in-process (embedded default).
if REDIS_URL:
    # Commands only (publish, subscribe): the pub/sub layer's receiving task reads with a 0.1 s
    # timeout and never blocks on the socket, so an idle table's WebSocket is never closed by a
    # read timeout (issue 8: redis-py's 5 s default once equalled the core layer's 5 s blocking
    # pop). Finite, so that a Redis that went silent is still noticed.
    CHANNEL_REDIS_SOCKET_TIMEOUT = 15.0   # seconds
    CHANNEL_LAYERS = {
        "default": {
            # Redis pub/sub: one subscription per group and process, one PUBLISH per group
            # message, nothing stored in Redis; plus one pipelined send of several group
            # messages (the seats' states and the table notice after a change; DESIGN §3 "Cost").
            "BACKEND": "mahjongsite.channel_layer.RedisChannelLayer",
            "CONFIG": {
                "hosts": [{
                    "address": REDIS_URL,
                    "socket_timeout": CHANNEL_REDIS_SOCKET_TIMEOUT,
                    "socket_connect_timeout": 5.0,
                    "socket_keepalive": True,
                    "health_check_interval": 15,
                }],
                "prefix": os.environ.get("CHANNELS_PREFIX", "mp"),
            },
        }
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
# Whether the writer of a change sends each person's seat its built state message through the
# channel layer (DESIGN §3 "Cost"). On by default only with the in-process layer of the embedded
# default: DESIGN §3 says private tiles never pass through Redis, so with Redis each connection
# reads the stored game on the table's notice instead. MP_PUSH_SEAT_STATES=1 opts in knowingly.
PUSH_SEAT_STATES = os.environ.get("MP_PUSH_SEAT_STATES", "0" if REDIS_URL else "1") == "1"

# Celery (DESIGN §4): computer moves and clocks on "realtime", slow work on "default".
CELERY_BROKER_URL = REDIS_URL or "memory://localhost/"
CELERY_RESULT_BACKEND = None
CELERY_TASK_IGNORE_RESULT = True
# MP_QUEUE_SUFFIX keeps separate installations (e.g. concurrent test runs) sharing one Redis apart.
REALTIME_QUEUE = "realtime" + os.environ.get("MP_QUEUE_SUFFIX", "")
DEFAULT_QUEUE = "default" + os.environ.get("MP_QUEUE_SUFFIX", "")
CELERY_TASK_DEFAULT_QUEUE = DEFAULT_QUEUE
CELERY_TASK_ROUTES = {
    "games.tasks.computer_move": {"queue": REALTIME_QUEUE},
    "games.tasks.advance_hand": {"queue": REALTIME_QUEUE},
    "games.tasks.decision_timeout": {"queue": REALTIME_QUEUE},
    "games.tasks.sweep_pending": {"queue": REALTIME_QUEUE},
    "games.tasks.close_unfilled_public_tables": {"queue": REALTIME_QUEUE},   # P-TABLE-5
    "games.tasks.match_players": {"queue": REALTIME_QUEUE},       # Quick Play (P-MATCH-3)
}
# Seconds between closings of public tables left unfilled for 10 minutes (P-TABLE-5).
PUBLIC_TABLE_EXPIRY_INTERVAL = float(os.environ.get("MP_PUBLIC_TABLE_EXPIRY_INTERVAL", "15"))
# The sweeper (games.tasks.sweep_pending) replays what a killed worker or an emptied Redis
# lost: every SWEEP_INTERVAL seconds (Celery beat; the embedded worker's own thread), so a
# lost timeout runs within about a second of when it was due (P-SYS-3). A sweep that waited
# longer than a few intervals in the queue (no worker then) is dropped: a newer one follows.
SWEEP_INTERVAL = float(os.environ.get("MP_SWEEP_INTERVAL", "1.0"))        # seconds
# The Quick Play matchmaker runs on every join and every MATCHMAKER_INTERVAL seconds
# (P-MATCH-3, platform.md §21: 2 s), as Celery beat's "quick-play-matchmaker" or the
# embedded worker's sweeper thread.
MATCHMAKER_INTERVAL = float(os.environ.get("MP_MATCHMAKER_INTERVAL", "2.0"))   # seconds
CELERY_BEAT_SCHEDULE = {
    # Catches any computer move, decision timeout or results-screen task that was lost (DESIGN §4).
    "sweep-pending-decisions": {"task": "games.tasks.sweep_pending", "schedule": SWEEP_INTERVAL,
                                "options": {"expires": 5 * SWEEP_INTERVAL}},
    "close-idle-games": {"task": "games.tasks.close_idle_games", "schedule": 3600.0},   # P-TABLE-9
    # Spectator frames of games whose end has been public for an hour (games.spectate.prune_frames).
    "prune-spectator-frames": {"task": "games.tasks.prune_spectator_frames", "schedule": 3600.0},
    # Public tables not filled within 10 minutes are closed (P-TABLE-5); realtime queue.
    "close-unfilled-public-tables": {"task": "games.tasks.close_unfilled_public_tables",
                                     "schedule": PUBLIC_TABLE_EXPIRY_INTERVAL,
                                     "options": {"expires": PUBLIC_TABLE_EXPIRY_INTERVAL}},
    # Quick Play groups (P-MATCH-2/-3/-5); a run left waiting longer than a few ticks is dropped.
    "quick-play-matchmaker": {"task": "games.tasks.match_players", "schedule": MATCHMAKER_INTERVAL,
                              "options": {"expires": 5 * MATCHMAKER_INTERVAL}},
    # Settlements whose task was lost (P-RATE-3 "safe to retry"); on the default queue.
    "settle-missed-games": {"task": "leaderboard.tasks.settle_missed", "schedule": 60.0},
}
CELERY_TASK_ACKS_LATE = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# Faults (issue 8, DESIGN §4): the worker survives a Redis restart and reconnects by itself
# (mahjongsite.celery.ResilientConsumer; retrying forever), a task whose pool process died is
# queued again at once, and tasks cut off by a lost connection are redelivered. Every task
# re-checks its decision under the row lock, so a second delivery is harmless.
CELERY_WORKER_CONSUMER = "mahjongsite.celery:ResilientConsumer"
CELERY_BROKER_CONNECTION_RETRY = True
CELERY_BROKER_CONNECTION_MAX_RETRIES = None
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_CANCEL_LONG_RUNNING_TASKS_ON_CONNECTION_LOSS = True
CELERY_EMBEDDED = _env_bool("CELERY_EMBEDDED", not REDIS_URL)
# Celery's Django fix-up closes the database connection before and after every task unless
# this is set: a new PostgreSQL connection (and server backend) per computer move cost more
# than the move itself (issue 8, DESIGN §3 "Cost"). Workers keep their connection instead;
# mahjongsite.celery drops one that is broken or older than CONN_MAX_AGE before each task,
# as Django does per request, and the fix-up still closes it every 1000 tasks.
CELERY_DB_REUSE_MAX = 1000

# Platform constants (platform.md §21).
COMPUTER_DELAY_MIN = float(os.environ.get("MP_COMPUTER_DELAY_MIN", "0.5"))   # seconds, P-BOT-4
COMPUTER_DELAY_MAX = float(os.environ.get("MP_COMPUTER_DELAY_MAX", "1.5"))   # seconds, P-BOT-4
# Clocks (docs/clocks.md): allowance, test-only scale, results screen of timed tables.
CLOCK_LAG_ALLOWANCE = float(os.environ.get("MP_CLOCK_LAG_ALLOWANCE", "0.5"))   # seconds, P-CLOCK-8
CLOCK_SCALE = float(os.environ.get("MP_CLOCK_SCALE", "1.0"))                   # tests only
CLAIM_MASK_SHARE = float(os.environ.get("MP_CLAIM_MASK_SHARE", "0.25"))  # P-FAIR-6 masked pauses
RESULTS_SCREEN_SECONDS = float(os.environ.get("MP_RESULTS_SCREEN_SECONDS", "15"))   # P-FLOW-1
RESULTS_ADVANCE_SECONDS = RESULTS_SCREEN_SECONDS      # older name of the same constant
INITIAL_RATING = 1500                 # P-RATE-1
PROVISIONAL_GAMES = 20                # P-RATE-6
# OpenSkill Plackett-Luce parameters (P-RATE-5, platform.md §21), rating points.
RATING_MU0 = 1500.0
RATING_SIGMA0 = 500.0
RATING_BETA = 750.0
RATING_TAU = 5.0
LEADERBOARD_ACTIVE_DAYS = 30          # P-RATE-6, P-LB-1 activity window
LEADERBOARD_PAGE_SIZE = 50            # P-LB-1
REPORTS_PER_DAY = 10                  # P-FAIR-2
IDLE_UNTIMED_CLOSE_HOURS = 72         # P-TABLE-9
EMAIL_CONFIRM_MAX_AGE = 7 * 24 * 3600  # seconds a confirmation link stays valid
# P-CONN-4: the newest connection of a seat takes it over; the older one is told "Opened
# elsewhere" and closed with code 4409 (the table client does not reconnect after it).
SEAT_TAKEOVER_CLOSES_OLDER = _env_bool("MP_SEAT_TAKEOVER_CLOSES_OLDER", True)
# P-CONN-2, P-CONN-5, DESIGN §3: presence is a lease that expires unless renewed, so a crashed
# server process or a dropped connection never leaves a seat counted as connected.
PRESENCE_TTL = float(os.environ.get("MP_PRESENCE_TTL", "30"))            # seconds a lease lasts
PRESENCE_RENEW_SECONDS = float(os.environ.get("MP_PRESENCE_RENEW", "10"))  # seconds between renewals
# P-SPECT-2 (platform.md §21): public spectators and the Live games list see ranked games as of
# (now - SPECTATOR_DELAY) seconds of server time.
SPECTATOR_DELAY = float(os.environ.get("MP_SPECTATOR_DELAY", "180"))

REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    # JSON only, bounded in size and depth (games.parsers; issue 8: no RecursionError 500).
    "DEFAULT_PARSER_CLASSES": ["games.parsers.BoundedJSONParser"],
    "DEFAULT_THROTTLE_CLASSES": ["rest_framework.throttling.UserRateThrottle",
                                 "rest_framework.throttling.AnonRateThrottle",
                                 "rest_framework.throttling.ScopedRateThrottle"],
    "DEFAULT_THROTTLE_RATES": {
        "user": os.environ.get("MP_API_USER_RATE", "1200/min"),
        "anon": os.environ.get("MP_API_ANON_RATE", "120/min"),
        "actions": os.environ.get("MP_API_ACTION_RATE", "300/min"),
    },
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        "accounts.bots.BotTokenAuthentication",     # bot accounts' API tokens (docs/bot-api.md)
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Mahjong Planet API",
    "DESCRIPTION": "Accounts, practice games, seat views and game logs. Live play uses the WebSocket "
                   "at /ws/games/<id>/.",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
}

if PRODUCTION:
    SESSION_COOKIE_SECURE = _env_bool("SESSION_COOKIE_SECURE", True)
    CSRF_COOKIE_SECURE = _env_bool("CSRF_COOKIE_SECURE", True)
    CSRF_TRUSTED_ORIGINS = [o for o in os.environ.get("CSRF_TRUSTED_ORIGINS", "").split(",") if o]

# HTTPS (issue 8: `manage.py check --deploy` clean). Secure by default in production; the
# plain-HTTP loopback load tests switch them off with SECURE_SSL_REDIRECT=0 SECURE_HSTS_SECONDS=0.
SECURE_SSL_REDIRECT = _env_bool("SECURE_SSL_REDIRECT", PRODUCTION)
SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "31536000" if PRODUCTION else "0"))
SECURE_HSTS_INCLUDE_SUBDOMAINS = _env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", SECURE_HSTS_SECONDS > 0)
SECURE_HSTS_PRELOAD = _env_bool("SECURE_HSTS_PRELOAD", SECURE_HSTS_SECONDS > 0)
if _env_bool("MP_BEHIND_TLS_PROXY", False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"

# Content-Security-Policy (django-csp 4): scripts and styles only from this site's files, no
# inline code, the WebSocket only to this site's own hosts (ws: or wss:, any port), nothing framed.
def _ws_sources(hosts: list[str]) -> list[str]:
    """``ws://host:*`` and ``wss://host:*`` for each allowed host (``.example.com`` ->
    ``*.example.com``; ``*`` alone is skipped)."""
    sources = []
    for host in hosts:
        host = "*" + host if host.startswith(".") else host
        if host != "*":
            sources += [f"ws://{host}:*", f"wss://{host}:*"]
    return sources


CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'"],
        "font-src": ["'self'"],
        "connect-src": ["'self'", *_ws_sources(ALLOWED_HOSTS)],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    },
}

# Live-table and API input limits (issue 8; games.ratelimit, accounts/games creation limits).
WS_RATE_BURST = int(os.environ.get("MP_WS_RATE_BURST", "20"))                # messages
WS_RATE_PER_SECOND = float(os.environ.get("MP_WS_RATE_PER_SECOND", "10"))     # messages/s
WS_FLOOD_LIMIT = int(os.environ.get("MP_WS_FLOOD_LIMIT", "50"))               # flood score
MAX_ACTIVE_PRACTICE = int(os.environ.get("MP_MAX_ACTIVE_PRACTICE", "10"))     # games
GAME_CREATE_LIMIT = int(os.environ.get("MP_GAME_CREATE_LIMIT", "10"))         # games per window
GAME_CREATE_WINDOW_SECONDS = int(os.environ.get("MP_GAME_CREATE_WINDOW_SECONDS", "600"))

# DRF throttling counts per process (the default local-memory cache): with N server processes
# an account may reach N times the API rates. django-axes counts in the database (shared).

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "loggers": {
        "games": {"handlers": ["console"], "level": os.environ.get("GAMES_LOG_LEVEL", "INFO"),
                  "propagate": False},
        # Without DEBUG Django only mails server errors (no ADMINS here): print them instead.
        "django.request": {"handlers": ["console"], "level": "ERROR", "propagate": False},
    },
}

# Celery's own lines (worker ready, tasks received): a separate worker shows them at its
# ``-l`` level; the embedded worker inside daphne keeps to warnings (a line per computer move
# would drown the server's log). ``CELERY_LOG_LEVEL`` overrides both.
_celery_log_level = os.environ.get("CELERY_LOG_LEVEL") or (
    "WARNING" if CELERY_BROKER_URL.startswith("memory://") else None)
if _celery_log_level:
    LOGGING["loggers"]["celery"] = {"level": _celery_log_level}

if CELERY_BROKER_URL.startswith("memory://"):
    # The embedded worker polls its in-process queue; poll often so computers answer promptly.
    CELERY_BROKER_TRANSPORT_OPTIONS = {"polling_interval": 0.05}
else:
    # Redis broker: a message a worker took but never acknowledged (the worker was killed)
    # is delivered again after ``visibility_timeout``; it must outlast the longest ETA of a
    # task (a Relaxed decision is 75 s) or waiting ETA tasks would be delivered twice. The
    # sweeper replays lost clocks and computer moves long before that.
    CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": 300, "socket_keepalive": True,
                                       "health_check_interval": 15}
WHITENOISE_USE_FINDERS = True      # serve static/ without collectstatic in the embedded default
WHITENOISE_AUTOREFRESH = DEBUG or EMBEDDED   # embedded: static/ served as it is, no collectstatic
