//! Text nets: the 3x18 strip and the cross, in the facelet-string reading.

use cubetui_cube::net::{Layout, render};
use cubetui_cube::{Alg, Cube};

fn after(s: &str) -> Cube {
    Cube::solved().after(&s.parse::<Alg>().expect("valid"))
}

#[test]
fn strip_after_r() {
    assert_eq!(
        render(&after("R"), Layout::Strip),
        "UUF LLL FFD RRR UBB DDB\n\
         UUF LLL FFD RRR UBB DDB\n\
         UUF LLL FFD RRR UBB DDB\n"
    );
}

#[test]
fn cross_after_u() {
    assert_eq!(
        render(&after("U"), Layout::Cross),
        "    UUU\n    UUU\n    UUU\n\
         FFF RRR BBB LLL\n\
         LLL FFF RRR BBB\n\
         LLL FFF RRR BBB\n\
         \x20   DDD\n    DDD\n    DDD\n"
    );
}

#[test]
fn layouts_place_every_sticker_once() {
    for layout in Layout::ALL {
        let (rows, cols) = layout.size();
        let mut seen = std::collections::HashSet::new();
        for i in 0..54 {
            let (r, c) = layout.cell(i);
            assert!(r < rows && c < cols, "{layout:?} sticker {i}");
            assert!(seen.insert((r, c)));
            assert_eq!(layout.sticker_at(r, c), Some(i));
        }
    }
    assert_eq!(Layout::Strip.size(), (3, 18));
    assert_eq!(Layout::Cross.size(), (9, 12));
}
