//! The one formatter of the command line's tables (`race`, `bench
//! --compare`): plain columns two spaces apart, each at least its header's
//! width (or a given minimum), no borders, no trailing spaces. Built on
//! `comfy-table` with no borders and no padding but the two-space gap.

use comfy_table::{CellAlignment, ColumnConstraint, Table, TableStyle, Width};

/// How a column's cells sit in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    Left,
    Right,
}

/// One column: its header, alignment and least width.
#[derive(Clone, Copy, Debug)]
pub struct Column<'a> {
    pub title: &'a str,
    pub align: Align,
    /// The column is at least this wide (and at least as wide as its header).
    pub min: usize,
}

impl<'a> Column<'a> {
    pub fn left(title: &'a str) -> Column<'a> {
        Column {
            title,
            align: Align::Left,
            min: 0,
        }
    }

    pub fn right(title: &'a str) -> Column<'a> {
        Column {
            title,
            align: Align::Right,
            min: 0,
        }
    }

    /// At least `min` characters wide.
    pub fn min(mut self, min: usize) -> Column<'a> {
        self.min = min;
        self
    }
}

/// The table: a header line, then one line per row, each ending in `\n`.
pub fn render(columns: &[Column<'_>], rows: &[Vec<String>]) -> String {
    let mut t = Table::new();
    t.load_style(TableStyle::new());
    t.set_header(columns.iter().map(|c| c.title).collect::<Vec<_>>());
    for r in rows {
        t.add_row(r.clone());
    }
    for (i, c) in columns.iter().enumerate() {
        let Some(col) = t.column_mut(i) else {
            continue;
        };
        let gap = if i == 0 { 0 } else { 2 };
        col.set_padding((gap, 0));
        col.set_cell_alignment(match c.align {
            Align::Left => CellAlignment::Left,
            Align::Right => CellAlignment::Right,
        });
        if c.min > 0 {
            let least = u16::try_from(c.min + usize::from(gap)).unwrap_or(u16::MAX);
            col.set_constraint(ColumnConstraint::LowerBoundary(Width::Fixed(least)));
        }
    }
    let mut out = String::new();
    for line in t.lines() {
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_line_up_two_spaces_apart_without_trailing_spaces() {
        let cols = [
            Column::right("rank"),
            Column::left("preset").min(8),
            Column::right("CPU ms").min(10),
            Column::left("note"),
        ];
        let rows = vec![
            vec!["1".into(), "mws".into(), "0.1".into(), "".into()],
            vec!["10".into(), "reference".into(), "1234.5".into(), "x".into()],
        ];
        assert_eq!(
            render(&cols, &rows),
            "rank  preset         CPU ms  note\n\
             \x20  1  mws               0.1\n\
             \x20 10  reference      1234.5  x\n"
        );
    }
}
