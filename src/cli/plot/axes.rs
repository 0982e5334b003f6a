//! What the pictures of `--plot` share: the lanes' colours, log axes
//! over whole decades, tick labels and the legend.

use std::ops::Range;

use plotters::coord::Shift;
use plotters::coord::combinators::LogCoord;
use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;

/// What drawing fails with.
pub type Failure = Box<dyn std::error::Error>;

/// Colours of the lines, in lane order (then again).
const COLOURS: [RGBColor; 10] = [
    RGBColor(31, 119, 180),
    RGBColor(255, 127, 14),
    RGBColor(44, 160, 44),
    RGBColor(214, 39, 40),
    RGBColor(148, 103, 189),
    RGBColor(140, 86, 75),
    RGBColor(227, 119, 194),
    RGBColor(188, 189, 34),
    RGBColor(23, 190, 207),
    RGBColor(127, 127, 127),
];
/// The reference's line.
pub const REFERENCE: RGBColor = RGBColor(160, 160, 160);

/// The lane's colour.
pub fn colour(i: usize) -> RGBColor {
    COLOURS[i % COLOURS.len()]
}

/// A log axis over whole decades around the smallest and largest value
/// (each at least `floor`), so its ticks fall on 1, 10, 100, …
pub fn span(values: impl Iterator<Item = f64>, floor: f64) -> (f64, f64) {
    let (lo, hi) = values.fold((f64::INFINITY, 0.0f64), |(lo, hi), v| {
        (lo.min(v), hi.max(v))
    });
    let lo = if lo.is_finite() { lo.max(floor) } else { floor };
    let hi = hi.max(lo);
    let lo = 10f64.powf(lo.log10().floor());
    let hi = 10f64.powf((hi * 1.0001).log10().ceil());
    (lo, hi)
}

/// A tick label: whole numbers without decimals.
pub fn tick(v: &f64) -> String {
    if *v >= 1.0 {
        format!("{v:.0}")
    } else {
        format!("{v:.3}")
            .trim_end_matches('0')
            .trim_end_matches('.')
            .to_string()
    }
}

/// A value label: whole numbers without decimals, others with at most two.
pub fn value(v: &f64) -> String {
    if v.fract() == 0.0 {
        format!("{v:.0}")
    } else {
        let s = format!("{v:.2}");
        s.trim_end_matches('0').to_string()
    }
}

/// A chart on a log x axis (time or moves) and a linear y axis.
pub type LogChart<'a, 'b> =
    ChartContext<'a, SVGBackend<'b>, Cartesian2d<LogCoord<f64>, RangedCoordf64>>;

/// The chart of every panel of `--plot`: `caption` over it, the pictures'
/// margins and label areas, a log x axis over `lo..hi` and a linear y axis
/// over `y`. The caller configures its mesh (axis names and labels).
pub fn log_chart<'a, 'b>(
    area: &'a DrawingArea<SVGBackend<'b>, Shift>,
    caption: &str,
    (lo, hi): (f64, f64),
    y: Range<f64>,
) -> Result<LogChart<'a, 'b>, Failure> {
    Ok(ChartBuilder::on(area)
        .caption(caption, ("sans-serif", 14))
        .margin(12)
        .margin_right(32)
        .x_label_area_size(36)
        .y_label_area_size(44)
        .build_cartesian_2d((lo..hi).log_scale(), y)?)
}

/// The legend under the pictures: a swatch and the name of each line, in
/// two columns (down the first, then the second).
pub fn draw_legend(
    area: &DrawingArea<SVGBackend<'_>, Shift>,
    entries: &[(String, RGBColor)],
) -> Result<(), Failure> {
    let rows = entries.len().div_ceil(2).max(1);
    for (i, (label, c)) in entries.iter().enumerate() {
        let x = 60 + 580 * (i / rows) as i32;
        let y = 12 + 20 * (i % rows) as i32;
        area.draw(&PathElement::new(
            vec![(x, y), (x + 24, y)],
            c.stroke_width(3),
        ))?;
        area.draw(&Text::new(
            label.clone(),
            (x + 32, y - 7),
            ("sans-serif", 13).into_font(),
        ))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_drop_what_says_nothing() {
        assert_eq!(value(&20.0), "20");
        assert_eq!(value(&2.5), "2.5");
        assert_eq!(value(&0.125), "0.12");
        assert_eq!(value(&0.0), "0");
        assert_eq!(tick(&100.0), "100");
        assert_eq!(tick(&0.01), "0.01");
    }
}
