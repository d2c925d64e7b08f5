//! Line plots of the training logs, as SVG (plotters).

use anyhow::{Context, Result};
use plotters::prelude::*;
use std::path::Path;

/// Draws `series` (name, points) into an SVG file.
pub(crate) fn lines(
    path: &Path,
    title: &str,
    x_label: &str,
    series: &[(&str, &[(f64, f64)])],
) -> Result<()> {
    let at = || path.display().to_string();
    let points = series.iter().flat_map(|(_, p)| p.iter());
    let (mut x0, mut x1, mut y0, mut y1) = (f64::MAX, f64::MIN, f64::MAX, f64::MIN);
    for &(x, y) in points {
        x0 = x0.min(x);
        x1 = x1.max(x);
        y0 = y0.min(y);
        y1 = y1.max(y);
    }
    if x0 > x1 {
        (x0, x1, y0, y1) = (0.0, 1.0, 0.0, 1.0);
    }
    let pad = ((y1 - y0) * 0.05).max(1e-3);
    let root = SVGBackend::new(path, (800, 480)).into_drawing_area();
    root.fill(&WHITE).with_context(at)?;
    let mut chart = ChartBuilder::on(&root)
        .caption(title, ("sans-serif", 20))
        .margin(12)
        .x_label_area_size(36)
        .y_label_area_size(56)
        .build_cartesian_2d(x0..x1.max(x0 + 1.0), (y0 - pad)..(y1 + pad))
        .with_context(at)?;
    chart
        .configure_mesh()
        .x_desc(x_label)
        .draw()
        .with_context(at)?;
    let colours = [BLUE, RED, GREEN, MAGENTA];
    for (i, (name, pts)) in series.iter().enumerate() {
        let colour = colours[i % colours.len()];
        chart
            .draw_series(LineSeries::new(pts.iter().copied(), colour.stroke_width(2)))
            .with_context(at)?
            .label(*name)
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], colour));
    }
    chart
        .configure_series_labels()
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK)
        .draw()
        .with_context(at)?;
    root.present().with_context(at)
}
