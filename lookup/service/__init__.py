"""``paibiao serve``: the lookup runtime as an HTTP service, with an analysis page.

Modules:

- :mod:`.app`: the ASGI application (Starlette): routes, the body and time limits, the
  worker's :class:`~lookup.batching.Batcher`; ``create_app(ServiceConfig(...))``.
- :mod:`.queries`: which public function each ``/v1/{game}/{query}`` route calls, its
  parameters and how a JSON body becomes its arguments.
- :mod:`.schemas`: JSON Schemas from the functions' type annotations.
- :mod:`.encoding`: results as JSON (indices as integers, records as objects), bodies from JSON.
- :mod:`.errors`: the error answers (``{"error", "type"}``) and their HTTP statuses.
- :mod:`.openapi`: the OpenAPI document at ``/openapi.json``.
- :mod:`.page`: the analysis page at ``/`` (files under ``static/``).
- :mod:`.pictures`: writes the tile and card pictures under ``static/pictures/``.
- :mod:`.fonts`: builds the page's font, a subset of the characters it shows (``static/fonts/``).
- :mod:`.server`: worker start-up: bind, preload the tables and kernels, fork the workers.

Needs the ``serve`` extra (``pip install 'paibiao[serve]'``: Starlette and uvicorn).
"""
