//! What a preset says about itself: a leaf the built-in and the user
//! presets' modules share.

use serde::Deserialize;

use crate::cube::nxn::Size;
use crate::solve::sized::moves_in_words;

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
    /// One line saying what it runs, as written: `{moves}` stands for the
    /// move set of the cube's size ([`Self::description_on`]).
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
    /// on the 3×3, "the 27 outer and inner layer turns of U R F"
    /// on the 4×4).
    pub fn description_on(&self, size: Size) -> String {
        if self.description.contains(MOVES) {
            self.description.replace(MOVES, &moves_in_words(size))
        } else {
            self.description.clone()
        }
    }
}

/// What a description writes for the move set of the cube's size.
const MOVES: &str = "{moves}";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_move_set_in_a_description_follows_the_size() {
        let info = PresetInfo {
            name: "p".into(),
            solver: "sa".into(),
            description: "annealing over {moves}, geometric cooling".into(),
            order: 1,
            follows: "f".into(),
            aliases: Vec::new(),
            default: false,
            size: None,
        };
        let on = |n| info.description_on(Size::new(n).unwrap());
        assert_eq!(on(3), "annealing over the 18 face turns, geometric cooling");
        assert_eq!(
            on(2),
            "annealing over the 9 turns of U R F, geometric cooling"
        );
        assert!(
            on(4).contains("the 27 outer and inner layer turns of U R F"),
            "{}",
            on(4)
        );
        assert!(on(5).contains("the 36 "), "{}", on(5));
        assert!(on(6).contains("the 45 "), "{}", on(6));
        assert!(on(7).contains("the 54 "), "{}", on(7));
        let plain = PresetInfo {
            description: "no move set named".into(),
            ..info.clone()
        };
        assert_eq!(
            plain.description_on(Size::new(4).unwrap()),
            "no move set named"
        );
    }
}
