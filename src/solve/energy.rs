//! Energy functions (lower is better, 0 = solved).
