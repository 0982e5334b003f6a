//! What a preset says about itself: a leaf the built-in and the user
//! presets' modules share.

use serde::Deserialize;

use crate::moveset::moves_in_words;
use cubetui_cube::nxn::Size;

/// The order of a preset that gives none: after every preset that does
/// (the built-in ones all do).
pub const LAST_ORDER: i64 = i64::MAX;

fn last() -> i64 {
    LAST_ORDER
}

/// What a preset says about itself in its `[preset]` table. A user preset
/// may leave out the table or any of its keys; the built-in ones write
/// `description`, `order` and `follows` (a test checks).
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct PresetInfo {
    /// Its name (the file name), filled in on load.
    #[serde(skip)]
    pub name: String,
    /// The solver it runs (the file's `solver` key), filled in on load.
    #[serde(skip)]
    pub solver: String,
    /// One line saying what it runs, as written: `{moves}` stands for the
    /// move set of the cube's size (`PresetInfo::description_on`); empty: a
    /// user preset that says nothing.
    #[serde(default)]
    pub description: String,
    /// Its place in the order the screen cycles presets (smallest first); a
    /// user preset without one comes after those with one ([`LAST_ORDER`]).
    #[serde(default = "last")]
    pub order: i64,
    /// The paper (`paper 002`) or work it follows; empty: none (a user preset
    /// may leave it out; every built-in one says).
    #[serde(default)]
    pub follows: String,
    /// Older names that still select it.
    #[serde(default)]
    pub aliases: Vec<String>,
    /// Whether it is its solver's preset when only the solver is named.
    #[serde(default)]
    pub default: bool,
    /// The cube size it is made for (`2` for the `2x2-…` presets); none:
    /// made for the 3x3, and usable on other sizes where its solver runs.
    #[serde(default)]
    pub size: Option<u32>,
}

impl PresetInfo {
    /// Whether it may run on an N×N cube: made for that size, or for none
    /// in particular.
    pub fn fits(&self, n: u32) -> bool {
        self.size.is_none_or(|s| s == n)
    }

    /// Its description on a cube of `size`: `{moves}` replaced by that
    /// size's move set in words ([`moves_in_words`]: "the 18 face turns"
    /// on the 3×3, "the 27 outer and inner layer turns of U R F" on the
    /// 4×4).
    pub fn description_on(&self, size: Size) -> String {
        const MOVES: &str = "{moves}";
        if self.description.contains(MOVES) {
            self.description.replace(MOVES, &moves_in_words(size))
        } else {
            self.description.clone()
        }
    }
}
