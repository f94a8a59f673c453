"""The rulesets' facts as data, the bottom layer of the kit: the vocabulary every ruleset shares
(terrain types, side roles, grids, nations), ground scale, values marked with their source, and
what each ruleset declares (scale, dice, unit kinds, weapons, terrain effects), found by name in
:mod:`wgkit.facts.registry`. No rule procedure lives here; geometry, scenarios, the engine and
the renderer may all read it."""
