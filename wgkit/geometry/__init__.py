"""Table geometry on Shapely: line of sight, zones and templates, grids, scale and scatter."""
