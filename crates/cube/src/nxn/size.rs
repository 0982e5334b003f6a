//! The size of an N×N cube and the counts that follow from it.

use std::fmt;

use super::error::{ParseSizeError, SizeError};

/// The number of layers along each axis, N (2×2 is 2). Every size from
/// [`Size::MIN`] to [`Size::MAX`] is modelled; nothing here assumes 7 is the
/// largest (the screens may choose to offer fewer).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Size(u8);

impl Size {
    /// The smallest size, the 2×2.
    pub const MIN: usize = 2;
    /// The largest size modelled (sticker indices stay well inside `u16`).
    pub const MAX: usize = 32;
    /// The 2×2.
    pub const TWO: Size = Size(2);
    /// The 3×3.
    pub const THREE: Size = Size(3);

    /// The size `n`, if it is modelled.
    pub fn new(n: usize) -> Result<Size, SizeError> {
        if (Size::MIN..=Size::MAX).contains(&n) {
            Ok(Size(n as u8))
        } else {
            Err(SizeError {
                size: n,
                min: Size::MIN,
                max: Size::MAX,
            })
        }
    }

    /// N.
    pub const fn get(self) -> usize {
        self.0 as usize
    }

    /// Stickers on one face, N².
    pub const fn face_stickers(self) -> usize {
        self.get() * self.get()
    }

    /// Stickers on the cube, 6N².
    pub const fn stickers(self) -> usize {
        6 * self.face_stickers()
    }

    /// Whether N is odd (the cube has fixed middle centres and `M E S`).
    pub const fn is_odd(self) -> bool {
        self.0 % 2 == 1
    }

    /// The middle layer counted from a face (1 = outer), on odd sizes only.
    pub const fn middle_layer(self) -> Option<usize> {
        if self.is_odd() {
            Some(self.get() / 2 + 1)
        } else {
            None
        }
    }

    /// Index of sticker (face, row, col) in the facelet string.
    pub const fn index(self, face: usize, row: usize, col: usize) -> usize {
        face * self.face_stickers() + row * self.get() + col
    }
}

impl TryFrom<usize> for Size {
    type Error = SizeError;
    fn try_from(n: usize) -> Result<Size, SizeError> {
        Size::new(n)
    }
}

impl std::str::FromStr for Size {
    type Err = ParseSizeError;

    /// `4`, or `4x4` / `4×4` / `4x4x4`.
    fn from_str(s: &str) -> Result<Size, ParseSizeError> {
        let text = s.trim();
        let numbers: Vec<Option<usize>> = text
            .split(['x', 'X', '×'])
            .map(|p| p.parse().ok())
            .collect();
        match numbers[..] {
            [Some(n)] | [Some(n), Some(_)] | [Some(n), Some(_), Some(_)]
                if numbers.iter().all(|&k| k == Some(n)) =>
            {
                Ok(Size::new(n)?)
            }
            _ => Err(ParseSizeError::NotASize {
                text: crate::error::printable(text),
            }),
        }
    }
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{0}x{0}", self.0)
    }
}
