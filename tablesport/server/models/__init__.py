"""The public HTTP API's declared models (pydantic): what each endpoint takes and answers, with the
limits a public server needs (string lengths, integer ranges, list lengths). The OpenAPI document
(``/api/v1/openapi.json``) is generated from them; ``docs/api.md`` is generated from the document."""
