"""CLI command plugins: each module here exposes ``register(app)``."""
