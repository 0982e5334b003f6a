//! Faces, their order in the facelet string, and their colours.

use std::fmt;

/// One of the six faces, in facelet-string order `U R F D L B`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Face {
    U = 0,
    R = 1,
    F = 2,
    D = 3,
    L = 4,
    B = 5,
}

impl Face {
    /// All faces in facelet-string order.
    pub const ALL: [Face; 6] = [Face::U, Face::R, Face::F, Face::D, Face::L, Face::B];

    /// Index 0..6 in facelet-string order.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The face with the given index (0..6); `None` outside the range.
    pub fn from_index(i: usize) -> Option<Face> {
        Face::ALL.get(i).copied()
    }

    /// The face letter `U R F D L B`.
    pub const fn letter(self) -> char {
        match self {
            Face::U => 'U',
            Face::R => 'R',
            Face::F => 'F',
            Face::D => 'D',
            Face::L => 'L',
            Face::B => 'B',
        }
    }

    /// Parses a face letter (upper case only).
    pub fn from_letter(c: char) -> Option<Face> {
        Face::ALL.into_iter().find(|f| f.letter() == c)
    }

    /// The face on the other side of the cube.
    pub const fn opposite(self) -> Face {
        match self {
            Face::U => Face::D,
            Face::R => Face::L,
            Face::F => Face::B,
            Face::D => Face::U,
            Face::L => Face::R,
            Face::B => Face::F,
        }
    }

    /// Colour name of this face's centre on a solved cube (Western scheme).
    pub const fn colour_name(self) -> &'static str {
        match self {
            Face::U => "white",
            Face::R => "red",
            Face::F => "green",
            Face::D => "yellow",
            Face::L => "orange",
            Face::B => "blue",
        }
    }
}

impl fmt::Display for Face {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}
