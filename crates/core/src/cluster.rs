//! Connected clusters: 4-neighbour connected components of a cell set, by flood fill on
//! bitboards (each step grows the region by one cell in all four directions with shifts).
//! Cell order as in [`crate::grid`]. Used by cluster-pay games; proptested against a plain BFS.

use crate::grid::{Mask, Shape};
use smallvec::SmallVec;

/// The cells 4-adjacent to `m` (up, down, left, right), within the grid, excluding nothing
/// else (the result may include cells of `m`).
#[inline]
pub fn neighbours(shape: Shape, m: Mask) -> Mask {
    let cols = shape.cols as u32;
    let mut left_edge = 0u64;
    for r in 0..shape.rows as usize {
        left_edge |= 1u64 << shape.index(r, 0);
    }
    let right_edge = left_edge << (cols - 1);
    let all = shape.all();
    let up = m >> cols;
    let down = (m << cols) & all;
    let left = (m & !left_edge) >> 1;
    let right = (m & !right_edge) << 1;
    (up | down | left | right) & all
}

/// The connected component of `within` that contains the cells of `seed` (4-neighbour), found
/// by growing `seed` one step at a time until it stops changing.
#[inline]
pub fn flood_fill(shape: Shape, seed: Mask, within: Mask) -> Mask {
    let mut region = seed & within;
    loop {
        let grown = (region | neighbours(shape, region)) & within;
        if grown == region {
            return region;
        }
        region = grown;
    }
}

/// Every 4-neighbour connected component of `cells`, ordered by its lowest cell index.
pub fn components(shape: Shape, cells: Mask) -> SmallVec<[Mask; 8]> {
    let mut left = cells & shape.all();
    let mut out = SmallVec::new();
    while left != 0 {
        let seed = left & left.wrapping_neg();
        let comp = flood_fill(shape, seed, left);
        out.push(comp);
        left &= !comp;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::collections::VecDeque;

    #[test]
    fn two_clusters_and_no_wrap_between_rows() {
        let sh = Shape::new(3, 3).unwrap();
        // X . X
        // X . .
        // . . X     cell 2 (row 0 col 2) must not join cell 3 (row 1 col 0)
        let m = 1 | 1 << 2 | 1 << 3 | 1 << 8;
        let c = components(sh, m);
        assert_eq!(c.as_slice(), &[1 | 1 << 3, 1 << 2, 1 << 8]);
    }

    #[test]
    fn a_cell_between_two_cells_is_their_neighbour() {
        let sh = Shape::new(3, 3).unwrap();
        // . X .      the neighbours of cells 1 and 7:   X . X
        // . . .      cell 4 is below one and above      . X .
        // . X .      the other (counted once)           X . X
        assert_eq!(neighbours(sh, 1 << 1 | 1 << 7), 0b101_010_101);
    }

    fn bfs(sh: Shape, cells: Mask) -> Vec<Mask> {
        let mut seen = 0u64;
        let mut out = vec![];
        for start in 0..sh.cells() {
            if cells >> start & 1 == 0 || seen >> start & 1 == 1 {
                continue;
            }
            let mut comp = 0u64;
            let mut q = VecDeque::from([start]);
            seen |= 1 << start;
            while let Some(i) = q.pop_front() {
                comp |= 1 << i;
                let (r, c) = sh.position(i);
                let mut nb = vec![];
                if r > 0 {
                    nb.push(sh.index(r - 1, c));
                }
                if r + 1 < sh.rows as usize {
                    nb.push(sh.index(r + 1, c));
                }
                if c > 0 {
                    nb.push(sh.index(r, c - 1));
                }
                if c + 1 < sh.cols as usize {
                    nb.push(sh.index(r, c + 1));
                }
                for j in nb {
                    if cells >> j & 1 == 1 && seen >> j & 1 == 0 {
                        seen |= 1 << j;
                        q.push_back(j);
                    }
                }
            }
            out.push(comp);
        }
        out
    }

    proptest! {
        #[test]
        fn components_agree_with_bfs(cols in 1u8..=8, rows in 1u8..=8, m: u64) {
            let sh = Shape::new(cols, rows).unwrap();
            let m = m & sh.all();
            prop_assert_eq!(components(sh, m).to_vec(), bfs(sh, m));
        }
    }
}
