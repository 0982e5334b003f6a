//! Plot legends. The race plot's: every lane gets an entry, names
//! abbreviated so the entries fit the plot's title line. Any plot's: its
//! entries packed into lines of a width ([`pack`]), the first for the title
//! line, the rest for rows above the data, so no entry is cut and none
//! covers the data. Pure functions of names and widths.

use ratatui::text::{Line, Span};

/// Columns one legend entry takes besides its label: the swatch, a space
/// after it and a space after the label.
pub const ENTRY_EXTRA: usize = 3;

/// The title before the entries, when everything fits whole.
pub const LONG_TITLE: &str = " misplaced-sticker energy ";
/// The title before the entries, when names must be abbreviated.
pub const SHORT_TITLE: &str = " energy ";
/// The titles (long, short) when the plot shows moves to solved.
pub const TO_SOLVED_TITLES: (&str, &str) = (" moves to solved ", " to solved ");

/// The legend's title and labels for lanes `names` within `width` columns
/// under the misplaced-sticker titles ([`legend_titled`]).
pub fn legend(names: &[&str], width: usize) -> (&'static str, Vec<String>) {
    legend_titled(names, width, (LONG_TITLE, SHORT_TITLE))
}

/// The legend's title and labels for lanes `names` within `width` columns:
/// the long title and full names if they fit, else the short title and
/// names abbreviated by [`legend_labels`].
pub fn legend_titled(
    names: &[&str],
    width: usize,
    (long, short): (&'static str, &'static str),
) -> (&'static str, Vec<String>) {
    let full: usize = names.iter().map(|n| n.chars().count() + ENTRY_EXTRA).sum();
    if long.len() + full <= width {
        return (long, names.iter().map(|n| n.to_string()).collect());
    }
    let left = width.saturating_sub(short.len());
    (short, legend_labels(names, left))
}

/// One label per name, all distinct, whose entries (label plus
/// [`ENTRY_EXTRA`]) together fit `width` columns when at all possible: full
/// names if they fit, else each cut to the longest common length that fits,
/// by shortening its longest hyphen-separated word first (`sa-faces-hot` →
/// `sa-fa-ho`), so short distinguishing words such as `es`/`ga`/`sa` stay.
pub fn legend_labels(names: &[&str], width: usize) -> Vec<String> {
    let lens: Vec<usize> = names.iter().map(|n| n.chars().count()).collect();
    let room = width.saturating_sub(ENTRY_EXTRA * names.len());
    // The longest cap whose total fits (at least 1 column each).
    let longest = lens.iter().copied().max().unwrap_or(0);
    let cap = (1..=longest)
        .rev()
        .find(|&c| lens.iter().map(|&l| l.min(c)).sum::<usize>() <= room)
        .unwrap_or(1);
    let mut labels: Vec<String> = names.iter().map(|n| abbreviate(n, cap)).collect();
    // Cut names that still clash: number them (1-based lane order).
    for i in 0..labels.len() {
        if labels.iter().filter(|l| **l == labels[i]).count() > 1 {
            let digits = (i + 1).to_string();
            let keep = cap.saturating_sub(digits.len()).max(1);
            let head: String = labels[i].chars().take(keep).collect();
            labels[i] = format!("{head}{digits}");
        }
    }
    labels
}

/// `name` in at most `cap` characters (at least one): its longest
/// hyphen-separated word shortened first, then hyphens dropped, then cut.
pub fn abbreviate(name: &str, cap: usize) -> String {
    let cap = cap.max(1);
    if name.chars().count() <= cap {
        return name.to_string();
    }
    let mut words: Vec<Vec<char>> = name.split('-').map(|w| w.chars().collect()).collect();
    let total = |w: &[Vec<char>]| w.iter().map(Vec::len).sum::<usize>() + w.len() - 1;
    while total(&words) > cap {
        // The last of the longest words, so prefixes keep their sense.
        let Some((i, len)) = words
            .iter()
            .map(Vec::len)
            .enumerate()
            .max_by_key(|&(i, l)| (l, i))
        else {
            break;
        };
        if len <= 1 {
            break;
        }
        words[i].pop();
    }
    let joined: Vec<String> = words.iter().map(|w| w.iter().collect()).collect();
    let mut out = joined.join("-");
    if out.chars().count() > cap {
        out = joined.concat();
    }
    out.chars().take(cap).collect()
}

/// Legend entries (each a few spans, kept whole) packed into lines of at
/// most `width` columns, in order, each line starting with a space; an
/// entry wider than a line gets a line of its own (cut by the terminal).
/// No line when there are no entries.
pub fn pack(entries: Vec<Vec<Span<'static>>>, width: usize) -> Vec<Line<'static>> {
    let mut lines: Vec<Line<'static>> = Vec::new();
    let mut used = 0;
    for e in entries {
        let w: usize = e.iter().map(Span::width).sum();
        match lines.last_mut() {
            Some(l) if used + w <= width => {
                l.spans.extend(e);
                used += w;
            }
            _ => {
                let mut spans = vec![Span::raw(" ")];
                spans.extend(e);
                lines.push(Line::from(spans));
                used = 1 + w;
            }
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(l: &Line) -> String {
        l.spans.iter().map(|s| s.content.as_ref()).collect()
    }

    #[test]
    fn entries_pack_into_lines_without_cutting_one() {
        let e = |s: &str| vec![Span::raw("■"), Span::raw(format!(" {s} "))];
        let lines = pack(vec![e("temperature"), e("mean"), e("worst")], 22);
        let texts: Vec<String> = lines.iter().map(text).collect();
        assert_eq!(texts, [" ■ temperature ■ mean ", " ■ worst "]);
        assert!(lines.iter().all(|l| l.width() <= 22));
        assert_eq!(pack(vec![e("a"), e("b")], 80).len(), 1);
        assert!(pack(Vec::new(), 10).is_empty());
    }

    const SIX: [&str; 6] = [
        "sa-pll-conj",
        "sa-faces-hot",
        "phases-es",
        "phases-ga",
        "phases-sa",
        "mws-short",
    ];

    fn used(title: &str, labels: &[String]) -> usize {
        title.len()
            + labels
                .iter()
                .map(|l| l.chars().count() + ENTRY_EXTRA)
                .sum::<usize>()
    }

    #[test]
    fn six_lanes_fit_an_80_column_title_each_distinct() {
        // 80 columns less the two borders.
        let (title, labels) = legend(&SIX, 78);
        assert_eq!(labels.len(), 6);
        assert!(used(title, &labels) <= 78, "{title}{labels:?}");
        for (i, a) in labels.iter().enumerate() {
            assert!(!a.is_empty());
            for b in &labels[i + 1..] {
                assert_ne!(a, b, "{labels:?}");
            }
        }
        // The distinguishing last words stay.
        assert!(
            labels[2].ends_with("es") && labels[3].ends_with("ga"),
            "{labels:?}"
        );
    }

    #[test]
    fn names_stay_whole_when_they_fit() {
        let (title, labels) = legend(&["mws", "reference"], 78);
        assert_eq!(title, LONG_TITLE);
        assert_eq!(labels, ["mws", "reference"]);
    }

    #[test]
    fn abbreviations_shorten_the_longest_word_first() {
        assert_eq!(abbreviate("sa-faces-hot", 8), "sa-fa-ho");
        assert_eq!(abbreviate("phases-es", 5), "ph-es");
        assert_eq!(abbreviate("reference", 4), "refe");
        assert_eq!(abbreviate("mws", 0), "m");
        assert_eq!(abbreviate("a-b-c-d", 3), "abc");
    }

    #[test]
    fn clashing_abbreviations_are_numbered() {
        let labels = legend_labels(&["aaaa-x", "aaaa-y", "aaaa-x1"], 3 * 3 + 3 * 2);
        for (i, a) in labels.iter().enumerate() {
            for b in &labels[i + 1..] {
                assert_ne!(a, b, "{labels:?}");
            }
        }
    }
}
