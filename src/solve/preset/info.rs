//! What a preset says about itself: a leaf the built-in and the user
//! presets' modules share.

use serde::Deserialize;

/// What a preset says about itself in its `[preset]` table.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct PresetInfo {
    /// Its name (the file name), filled in on load.
    #[serde(skip)]
    pub name: String,
    /// The solver it runs (the file's `solver` key), filled in on load.
    #[serde(skip)]
    pub solver: String,
    /// One line saying what it runs.
    pub description: String,
    /// Its place in the order the screen cycles presets (smallest first).
    pub order: i64,
    /// The seed document or paper it follows.
    pub follows: String,
    /// Older names that still select it.
    #[serde(default)]
    pub aliases: Vec<String>,
    /// Whether it is its solver's preset when only the solver is named.
    #[serde(default)]
    pub default: bool,
}
