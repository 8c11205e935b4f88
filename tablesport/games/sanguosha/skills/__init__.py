"""General skills: one module per skill id of data/generals.yaml, each registering a Skill subclass
with ``@register`` (see tablesport/games/sanguosha/skill.py and docs/sanguosha-engine.md)."""
