"""Drawing the table: a pure display list (scene), and backends for ipycanvas and matplotlib."""
