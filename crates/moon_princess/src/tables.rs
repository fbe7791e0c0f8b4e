//! The math model made ready to draw from: reel sets with their weights, the random power's
//! chance and weights, the Star power's 1-or-2 weights (the rules, "Math model").

use crate::board::Board;
use crate::features::Power;
use crate::math_model::{MathModel, ModelError, ModelFields, ReelSet, parse_strip};
use crate::symbols::SYMBOLS;
use rand_core::Rng;
use slot_core::joint_draws::JointBounds;
use slot_core::reel_windows::ReelWindows;
use slot_core::sampling::{ReelStrip, WeightedTable};

/// Where a landed grid came from: its reel set and the stop of each reel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Landed {
    /// The reel set (0-based index into the landing's sets).
    pub set: u32,
    /// The stop of each reel, reel 1 first.
    pub stops: [u32; 5],
}

/// One landing: reel sets with their weights.
#[derive(Clone, Debug)]
pub(crate) struct Landing {
    sets: WeightedTable<u8>,
    /// Every window of each set's strips as grid columns (the landing's planes are their OR).
    windows: Vec<ReelWindows<5, 5, SYMBOLS>>,
    /// Every window of each set's strips as its cells' pay classes ([`window_classes`]), by
    /// set, reel and stop: whether a landing wins, without its grid ([`Landing::is_quiet`]).
    /// `None` when a strip has more than [`QUIET_STOPS`] positions (no landing is then called
    /// quiet before its grid is evaluated).
    classes: Option<Box<[[StopWords; 5]]>>,
    /// How the set and the stops are drawn.
    draws: LandingDraws,
}

/// The pay classes a landed cell counts in, as bits: Circle, Star, Heart, Bell (bits 0 to 3,
/// the symbol's code) and any princess (bit 4) for the three princesses. (A landed cell is
/// never a Wild.) Two landed cells are in a common class exactly when the two symbols are the
/// same low symbol or both princesses; a princess's own class is inside any princess's, so a
/// run of one princess is a run of any princess too.
const fn cell_classes(symbol: u8) -> u64 {
    if symbol < 4 { 1 << symbol } else { 1 << 4 }
}

/// The most positions a strip may have for [`Landing::is_quiet`]'s table: a stop is one byte,
/// and a look-up needs no bounds check.
const QUIET_STOPS: usize = 256;

/// One reel's [`window_classes`] by stop (the entries past the strip's length unused).
type StopWords = [u64; QUIET_STOPS];

/// Bit of [`window_classes`] set when the window's column holds a run of 3 of one class.
const COLUMN_RUN: u64 = 1 << 40;

/// One window of a strip (its 5 symbols, top row first) as one word: byte `r` holds the pay
/// classes of row `r`'s cell ([`cell_classes`]), and [`COLUMN_RUN`] is set when three cells
/// in a row of the column share a class.
fn window_classes(window: [u8; 5]) -> u64 {
    let c = window.map(cell_classes);
    let column_run = (0..3).any(|r| c[r] & c[r + 1] & c[r + 2] != 0);
    let rows = c.iter().enumerate().fold(0, |w, (r, &k)| w | k << (8 * r));
    rows | if column_run { COLUMN_RUN } else { 0 }
}

/// How a landing draws its reel set and its five stops ([`Landing::land`]): as digits of one
/// joint draw ([`slot_core::joint_draws`]), so that a landing takes one or two generator
/// words instead of six bounded draws.
#[derive(Clone, Debug)]
enum LandingDraws {
    /// Every set's strip of reel `c` has the same length `n_c` (the base game's sets: 60
    /// positions each): the set's weight draw (`0..total`) and the stops (`0..n_1` ..
    /// `0..n_5`) are one tuple, one word when the product of the bounds is below 2^48.
    Together(JointBounds<6>),
    /// The sets' strips differ in length (the free spins' princess set has 48 positions, the
    /// others 60): the set's weight draw alone, then the drawn set's five stops as one tuple:
    /// two words.
    SetFirst {
        set: JointBounds<1>,
        stops: Vec<JointBounds<5>>,
    },
}

impl Landing {
    fn new(sets: &[ReelSet], what: &'static str) -> Result<Landing, ModelError> {
        let table = WeightedTable::new(sets.iter().enumerate().map(|(i, s)| (i as u8, s.weight)))
            .map_err(|error| ModelError::Weights { what, error })?;
        let mut strips = Vec::with_capacity(sets.len());
        for (si, s) in sets.iter().enumerate() {
            let mut five: [Option<ReelStrip>; 5] = Default::default();
            for (ri, text) in s.reels.iter().enumerate() {
                five[ri] = Some(parse_strip(text, what, si, ri)?);
            }
            strips.push(five.map(|s| s.unwrap_or_else(|| unreachable!("five reels parsed"))));
        }
        let windows = strips
            .iter()
            .map(|five| {
                // `parse_strip` accepts only the landing symbols, all below `SYMBOLS`.
                ReelWindows::new(five).unwrap_or_else(|e| unreachable!("parsed strips: {e}"))
            })
            .collect();
        // Strips hold at least 5 and at most `u32::MAX` positions (`parse_strip`,
        // `ReelStrip::new`), the weights add up to 1 ..= `u32::MAX` (`WeightedTable::new`):
        // no bound is 0, so the tuples below are always built.
        let lengths: Vec<[u32; 5]> = strips
            .iter()
            .map(|five| five.each_ref().map(|s| s.len() as u32))
            .collect();
        let draws = if lengths.iter().all(|l| *l == lengths[0]) {
            let [a, b, c, d, e] = lengths[0];
            LandingDraws::Together(
                JointBounds::new([table.total(), a, b, c, d, e])
                    .map_err(|error| ModelError::Weights { what, error })?,
            )
        } else {
            LandingDraws::SetFirst {
                set: JointBounds::new([table.total()])
                    .map_err(|error| ModelError::Weights { what, error })?,
                stops: lengths
                    .iter()
                    .map(|&l| {
                        JointBounds::new(l).map_err(|error| ModelError::Weights { what, error })
                    })
                    .collect::<Result<_, _>>()?,
            }
        };
        let classes = strips
            .iter()
            .all(|five| five.iter().all(|strip| strip.len() <= QUIET_STOPS))
            .then(|| {
                strips
                    .iter()
                    .map(|five| {
                        five.each_ref().map(|strip| {
                            let mut words = [0; QUIET_STOPS];
                            for (stop, w) in words.iter_mut().enumerate().take(strip.len()) {
                                *w = window_classes(strip.window::<5>(stop));
                            }
                            words
                        })
                    })
                    .collect()
            });
        Ok(Landing {
            sets: table,
            windows,
            classes,
            draws,
        })
    }

    /// Draws a reel set, then a stop per reel: set `i` with probability `weight_i / total`,
    /// each stop uniformly in `0..len` of its strip, all independent. The set is the first
    /// digit of a joint draw ([`LandingDraws`]) mapped to its set by the cumulative weights,
    /// the stops the next digits (exact: the digits of a joint draw are independent and
    /// uniform under their bounds).
    // Always inlined: the one-word case is the paid spin's whole landing draw.
    #[inline(always)]
    pub(crate) fn draw<R: Rng + ?Sized>(&self, rng: &mut R) -> Landed {
        match &self.draws {
            LandingDraws::Together(tuple) => {
                let [w, s1, s2, s3, s4, s5] = tuple.draw(rng);
                Landed {
                    set: self.set_of(w),
                    stops: [s1, s2, s3, s4, s5],
                }
            }
            LandingDraws::SetFirst { set, stops } => self.draw_set_first(set, stops, rng),
        }
    }

    /// [`Landing::draw`] of a landing whose sets' strips differ in length (the free spins').
    #[inline(never)]
    fn draw_set_first<R: Rng + ?Sized>(
        &self,
        set: &JointBounds<1>,
        stops: &[JointBounds<5>],
        rng: &mut R,
    ) -> Landed {
        let [w] = set.draw(rng);
        let set = self.set_of(w);
        Landed {
            set,
            stops: stops[set as usize].draw(rng),
        }
    }

    /// The set of the weight draw `w` (`0..total`): the first whose cumulative weight
    /// ([`WeightedTable::cumulative`]) is above `w`. A few sets are compared one by one (the shipped landings have 2 and 3); more go
    /// through the weight table's look-up (`WeightedTable::index_of_draw`: its guide, or a
    /// binary search past 256 sets).
    #[inline(always)]
    fn set_of(&self, w: u32) -> u32 {
        let cumulative = self.sets.cumulative();
        if cumulative.len() <= 4 {
            // At most 4 sets: a `u32`.
            cumulative.iter().take_while(|&&c| c <= w).count() as u32
        } else {
            self.sets.index_of_draw(w) as u32
        }
    }

    /// Whether the grid `l` lands has no win: no run of 3 of one pay class on a row or a
    /// column (a landed grid has no Wild; its princesses count in any princess's class).
    /// Decided from the windows' class words ([`window_classes`]) without building the grid:
    /// a row of the grid holds a run where three neighbouring columns' bytes of that row share
    /// a bit, a column where its window's [`COLUMN_RUN`] is set.
    /// `false` for a landing whose strips are too long for the table ([`QUIET_STOPS`]).
    #[inline(always)]
    pub(crate) fn is_quiet(&self, l: &Landed) -> bool {
        let Some(classes) = &self.classes else {
            return false;
        };
        let of_set = &classes[l.set as usize];
        // A stop is below its strip's length, at most `QUIET_STOPS` (256): one byte.
        let [a, b, c, d, e] = std::array::from_fn(|r| of_set[r][usize::from(l.stops[r] as u8)]);
        // Runs in columns 0-2, 1-3 or 2-4 of some row; the column flags carried along.
        let rows = c & ((a & b) | (b & d) | (d & e));
        (rows | ((a | b | c | d | e) & COLUMN_RUN)) == 0
    }

    /// The grid `l` lands: reel `c` shows positions `stop .. stop + 5` from the top row down.
    #[inline(always)]
    pub(crate) fn board(&self, l: &Landed) -> Board {
        Board::from_planes(self.windows[l.set as usize].planes(&l.stops.map(|s| s as usize)))
    }

    /// Draws a landing ([`Landing::draw`]) and makes `b` its grid. Returns where the grid came
    /// from. (`b` is the caller's: the landing is not returned by value through the spin.)
    #[inline]
    pub(crate) fn land<R: Rng + ?Sized>(&self, rng: &mut R, b: &mut Board) -> Landed {
        let l = self.draw(rng);
        *b = self.board(&l);
        l
    }
}

/// Everything the rules draw from, built from a [`MathModel`].
#[derive(Clone, Debug)]
pub(crate) struct Tables {
    /// The paid and Trinity spins.
    pub base: Landing,
    /// Free spins per pick (Love, Star, Storm).
    pub free: [Landing; 3],
    /// The random power's chance in a paid spin (numerator, denominator).
    pub random_power_chance: (u32, u32),
    /// Which power the random power is.
    pub random_power: WeightedTable<Power>,
    /// The Star power's 1 or 2 Wilds.
    pub star_wilds: WeightedTable<u32>,
}

impl Tables {
    /// Checks and builds the tables.
    ///
    /// # Errors
    /// [`ModelError`] naming the bad strip, code or weight table.
    pub(crate) fn new(m: &MathModel) -> Result<Tables, ModelError> {
        let [l, s, t] = &m.free_spins;
        let (n, d) = m.random_power_chance;
        if d == 0 || n > d {
            return Err(ModelError::Chance {
                numerator: n,
                denominator: d,
            });
        }
        Ok(Tables {
            base: Landing::new(&m.base, "base game")?,
            free: [
                Landing::new(l, "free spins love")?,
                Landing::new(s, "free spins star")?,
                Landing::new(t, "free spins storm")?,
            ],
            random_power_chance: (n, d),
            random_power: WeightedTable::new(
                [Power::Love, Power::Star, Power::Storm]
                    .into_iter()
                    .zip(m.random_power_weights),
            )
            .map_err(|error| ModelError::Weights {
                what: "random power",
                error,
            })?,
            star_wilds: WeightedTable::new([1u32, 2].into_iter().zip(m.star_wilds_weights))
                .map_err(|error| ModelError::Weights {
                    what: "Star power wilds",
                    error,
                })?,
        })
    }
}

/// A model file is read through the same checks as building the game: its fields are put
/// together and the game's tables built from them (unknown fields are refused by serde first).
impl TryFrom<ModelFields> for MathModel {
    type Error = ModelError;
    fn try_from(f: ModelFields) -> Result<MathModel, ModelError> {
        let m = MathModel {
            base: f.base,
            free_spins: f.free_spins,
            random_power_chance: f.random_power_chance,
            random_power_weights: f.random_power_weights,
            star_wilds_weights: f.star_wilds_weights,
        };
        Tables::new(&m)?;
        Ok(m)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use slot_core::bytes_rng::Script;

    /// The published base game's sets have 60-position strips (one tuple, one word); the free
    /// spins' princess set has 48 (the set's word, then the set's stops' word).
    #[test]
    fn a_landing_draws_in_one_word_when_its_strips_match_and_two_otherwise() {
        let t = Tables::new(&MathModel::standard()).unwrap();
        assert!(matches!(&t.base.draws, LandingDraws::Together(j)
            if j.words() == 1 && j.bounds() == [10_000, 60, 60, 60, 60, 60]));
        for free in &t.free {
            let LandingDraws::SetFirst { set, stops } = &free.draws else {
                panic!("the free spins' strips differ in length")
            };
            assert_eq!(set.bounds(), [10_000]);
            let lengths: Vec<[u32; 5]> = stops.iter().map(|s| s.bounds()).collect();
            assert_eq!(lengths, [[60; 5], [60; 5], [48; 5]]);
            assert!(stops.iter().all(|s| s.words() == 1));
        }
    }

    /// Scripted words give the set and stops of their digits: the weight draw's first and
    /// last value of every set, stops at both ends of the strip, and the grid shown is the
    /// drawn set's windows at the drawn stops (reel `c` shows positions `stop .. stop + 5`).
    #[test]
    fn the_digits_of_a_landing_s_words_are_its_set_and_stops() {
        let m = MathModel::standard();
        let t = Tables::new(&m).unwrap();
        let check = |landing: &Landing, sets: &[ReelSet], words: Vec<u64>, set: usize, stops| {
            let mut rng = Script::wide(words);
            let mut b = Board::default();
            let landed = landing.land(&mut rng, &mut b);
            assert!(rng.used_up());
            assert_eq!(
                landed,
                Landed {
                    set: set as u32,
                    stops
                }
            );
            let g = b.grid();
            for (c, text) in sets[set].reels.iter().enumerate() {
                let strip = parse_strip(text, "test", set, c).unwrap();
                for r in 0..5 {
                    let at = strip.at(stops[c] as usize + r);
                    assert_eq!(g.get(r * 5 + c), Some(at), "set {set} cell ({r},{c})");
                }
            }
        };
        // Each set's first and last weight draw.
        let ends = |sets: &[ReelSet]| {
            let mut from = 0;
            let mut out = vec![];
            for (i, s) in sets.iter().enumerate() {
                out.push((from, i));
                out.push((from + s.weight - 1, i));
                from += s.weight;
            }
            out
        };
        for (w, set) in ends(&m.base) {
            for stops in [[0; 5], [59; 5], [0, 17, 59, 31, 2]] {
                let [a, b, c, d, e] = stops;
                let LandingDraws::Together(j) = &t.base.draws else {
                    panic!()
                };
                let words = j.words_for([w, a, b, c, d, e]).unwrap();
                check(&t.base, &m.base, words, set, stops);
            }
        }
        for (p, free) in t.free.iter().enumerate() {
            let LandingDraws::SetFirst {
                set: first,
                stops: of_set,
            } = &free.draws
            else {
                panic!()
            };
            for (w, set) in ends(&m.free_spins[p]) {
                let last = of_set[set].bounds()[0] - 1;
                for stops in [[0; 5], [last; 5], [1, last, 2, 3, last - 1]] {
                    let mut words = first.words_for([w]).unwrap();
                    words.extend(of_set[set].words_for(stops).unwrap());
                    check(free, &m.free_spins[p], words, set, stops);
                }
            }
        }
    }

    /// A landing is quiet exactly when its grid has no win: the class words' test against
    /// the evaluation of the grid, on 20,000 random landings of every landing (base game and
    /// each pick's free spins) of the shipped model (quiet or not in about the shipped shares)
    /// and of the two stress models: 240,000 in all.
    #[test]
    fn a_landing_is_quiet_exactly_when_its_grid_has_no_win() {
        use rand_pcg::Pcg64;
        let models = [
            MathModel::standard(),
            MathModel::stress_trinity(),
            MathModel::stress_free_spins(),
        ];
        let mut rng = Pcg64::new(0x5eed, 21);
        let (mut quiet, mut won) = (0, 0);
        for m in &models {
            let t = Tables::new(m).unwrap();
            for landing in std::iter::once(&t.base).chain(&t.free) {
                for _ in 0..20_000 {
                    let l = landing.draw(&mut rng);
                    let wins = crate::evaluate(&landing.board(&l).grid()).wins;
                    assert_eq!(landing.is_quiet(&l), wins.is_empty(), "{l:?}");
                    if wins.is_empty() {
                        quiet += 1
                    } else {
                        won += 1
                    }
                }
            }
        }
        assert!(quiet > 50_000 && won > 50_000, "{quiet} quiet, {won} won");
    }

    /// The class words by hand: runs along a row in each of its three places, down a column,
    /// of three different princesses, and grids with none.
    #[test]
    fn the_class_words_see_each_kind_of_run_worked_by_hand() {
        // Five strips of 5 that show, at stop 0, the columns of `grid` (rows top first).
        let quiet_of = |grid: &str| {
            let rows: Vec<Vec<&str>> = grid.split('/').map(|r| r.split(' ').collect()).collect();
            let reels: [String; 5] =
                std::array::from_fn(|c| (0..5).map(|r| rows[r][c]).collect::<Vec<_>>().join(" "));
            let m = MathModel {
                base: vec![ReelSet { weight: 1, reels }],
                ..MathModel::stress_free_spins()
            };
            let t = Tables::new(&m).unwrap();
            let l = Landed {
                set: 0,
                stops: [0; 5],
            };
            assert_eq!(
                crate::grid_text(&t.base.board(&l).grid()),
                grid,
                "the strips show the grid"
            );
            t.base.is_quiet(&l)
        };
        // A checkerboard of Circle and Bell: no run.
        assert!(quiet_of(
            "ci be ci be ci/be ci be ci be/ci be ci be ci/be ci be ci be/ci be ci be ci"
        ));
        // Two of a kind everywhere, princesses split by low symbols: no run.
        assert!(quiet_of(
            "pr pr ci pg pg/he he st st be/pb pb ci pr pr/st st he he ci/pg pb be pr pb"
        ));
        // Heart-3 in row 2 at columns 0-2, 1-3 and 2-4.
        for row in ["he he he st ci", "st he he he ci", "st ci he he he"] {
            let g = format!("ci be ci be ci/be ci be ci be/{row}/be ci be ci be/ci be ci be ci");
            assert!(!quiet_of(&g), "{g}");
        }
        // Bell-3 down column 4, rows 2-4.
        assert!(!quiet_of(
            "ci be ci be ci/be ci be ci st/ci be ci be be/be ci be ci be/ci be ci be be"
        ));
        // Three different princesses in a row and down a column: any princess.
        assert!(!quiet_of(
            "pg pb pr ci be/be ci be ci be/ci be ci be ci/be ci be ci be/ci be ci be ci"
        ));
        assert!(!quiet_of(
            "ci be ci be pg/be ci be ci pr/ci be ci be pb/be ci be ci be/ci be ci be ci"
        ));
    }

    /// A landing with a strip longer than the table ([`QUIET_STOPS`]) is never called quiet:
    /// its grids are evaluated as played.
    #[test]
    fn a_landing_with_a_long_strip_is_never_called_quiet() {
        let mut m = MathModel::stress_free_spins();
        m.base[0].reels[2] = format!("{} ci*200", m.base[0].reels[2]);
        let t = Tables::new(&m).unwrap();
        assert!(t.base.classes.is_none());
        let mut rng = rand_pcg::Pcg64::new(3, 4);
        assert!((0..1000).all(|_| !t.base.is_quiet(&t.base.draw(&mut rng))));
        assert!(t.free.iter().all(|f| f.classes.is_some()));
    }
}
