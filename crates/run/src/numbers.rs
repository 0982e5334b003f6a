//! The one number formatter of the crate, shared by the screen and the
//! command line (a leaf: it imports nothing of the crate): thousands
//! separators, SI suffixes, milliseconds in a table, a CPU time with
//! its unit, an energy and a knob's value.

use std::time::Duration;

/// `1234567` → `1,234,567`.
pub fn thousands(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::with_capacity(s.len() + s.len() / 3);
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// With an SI suffix from 10 000 on: `decimals` decimals in millions
/// (`1234567.0`, 2 → `1.23M`), one fewer in thousands (`12345.0`, 2 →
/// `12.3k`), none below.
pub fn si(v: f64, decimals: usize) -> String {
    let a = v.abs();
    if a >= 1e6 {
        format!("{:.decimals$}M", v / 1e6)
    } else if a >= 1e4 {
        let d = decimals.saturating_sub(1);
        format!("{:.d$}k", v / 1e3)
    } else {
        format!("{v:.0}")
    }
}

/// Milliseconds with as many decimals as a reader needs (no unit; `-` for
/// NaN): `1.23`, `12.3`, `123`.
pub fn ms(v: f64) -> String {
    match v {
        v if v.is_nan() => "-".into(),
        v if v < 10.0 => format!("{v:.2}"),
        v if v < 100.0 => format!("{v:.1}"),
        v => format!("{v:.0}"),
    }
}

/// A CPU time with its unit, one decimal: `214.2 ms`, from 10 s on `12.5 s`.
pub fn cpu_time(d: Duration) -> String {
    let ms = d.as_secs_f64() * 1e3;
    if ms >= 10_000.0 {
        format!("{:.1} s", ms / 1e3)
    } else {
        format!("{ms:.1} ms")
    }
}

/// A best energy in a race's results table (the screen's and the command
/// line's): whole numbers (misplaced stickers) without a point, others to
/// two places.
pub fn energy(e: f64) -> String {
    if e.fract() == 0.0 && e.abs() < 1e15 {
        format!("{e:.0}")
    } else {
        format!("{e:.2}")
    }
}

/// A parameter's value as the knobs panel and its plot marks show it:
/// whole numbers as such, others to 4 significant digits without trailing
/// zeros (`0.2`, `0.0125`, `1.334`, `2.5e-7`); `-` for NaN.
pub fn knob(v: f64) -> String {
    if v.is_nan() {
        return "-".into();
    }
    if v.is_infinite() {
        return if v > 0.0 { "inf" } else { "-inf" }.into();
    }
    if v.fract() == 0.0 && v.abs() < 1e15 {
        return format!("{v:.0}");
    }
    let a = v.abs();
    if !(1e-4..1e6).contains(&a) {
        let s = format!("{v:.3e}");
        // Trim the mantissa's trailing zeros: 2.500e-7 → 2.5e-7.
        return match s.split_once('e') {
            Some((m, e)) if m.contains('.') => {
                format!("{}e{e}", m.trim_end_matches('0').trim_end_matches('.'))
            }
            _ => s,
        };
    }
    let decimals = (3 - a.log10().floor() as i32).max(0) as usize;
    let s = format!("{v:.decimals$}");
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_energy_is_whole_when_it_is_a_count() {
        assert_eq!(energy(0.0), "0");
        assert_eq!(energy(14.0), "14");
        assert_eq!(energy(12.345), "12.35");
    }

    #[test]
    fn knob_values_read_short() {
        assert_eq!(knob(0.2), "0.2");
        assert_eq!(knob(0.25000000000000006), "0.25");
        assert_eq!(knob(200.0), "200");
        assert_eq!(knob(1.3335214), "1.334");
        assert_eq!(knob(0.0125), "0.0125");
        assert_eq!(knob(2.5e-7), "2.5e-7");
        assert_eq!(knob(-0.5), "-0.5");
        assert_eq!(knob(f64::NAN), "-");
        assert_eq!(knob(1234.5678), "1235");
    }

    #[test]
    fn thousands_are_grouped_by_three_from_the_right() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1_000), "1,000");
        assert_eq!(thousands(1_234_567), "1,234,567");
        assert_eq!(thousands(u64::MAX), "18,446,744,073,709,551,615");
    }

    #[test]
    fn si_suffixes_start_at_ten_thousand() {
        assert_eq!(si(9_999.0, 2), "9999");
        assert_eq!(si(12_345.0, 2), "12.3k");
        assert_eq!(si(1_234_567.0, 2), "1.23M");
        assert_eq!(si(-2_500_000.0, 1), "-2.5M");
        assert_eq!(si(45_000.0, 1), "45k");
    }

    #[test]
    fn milliseconds_keep_about_three_figures() {
        assert_eq!(ms(1.234), "1.23");
        assert_eq!(ms(12.34), "12.3");
        assert_eq!(ms(1234.5), "1234");
        assert_eq!(ms(f64::NAN), "-");
        assert_eq!(cpu_time(Duration::from_micros(214_249)), "214.2 ms");
        assert_eq!(cpu_time(Duration::from_millis(12_500)), "12.5 s");
    }
}
