"""legalcite inside other tools' frameworks, each an optional extra: :mod:`legalcite.integrations.inspect` (a
citation scorer for inspect-ai evals, ``pip install 'legalcite[inspect]'``). The MCP server is
:mod:`legalcite.mcp_server`."""
