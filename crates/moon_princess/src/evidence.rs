//! Moon Princess's certification evidence, one entry per variant of its RTP ladder: every
//! pick's RTP by the split estimate (B + q V; the sd of whole rounds from the record's sums)
//! and the odds of the 5,000 x cap by multilevel splitting (`slot_sim::rare`, a record per
//! pick in `confirmation/tail/`, to a 95 % relative half-width of at most 5 %, with the
//! record's own interval), each with its record in `confirmation/` (the figures, how they
//! were obtained and the earlier runs: `confirmation/README.md`, `docs/rare-events.md`). A
//! test of the runner recomputes every figure from its record and ties it to the variant's
//! fingerprint.

use slot_core::evidence::{
    AwardOdds, Evidence, Method, ModeEvidence, RecordFile, SdSource, VariantEvidence,
};

/// The game's certification evidence ([`slot_core::Game::evidence`]): every pick of the
/// published model and of the ladder's other variants, its RTP certified by the split
/// estimate and its cap's odds by multilevel splitting.
pub const EVIDENCE: Evidence = Evidence::new(
    "crates/moon_princess",
    false,
    &[
        VariantEvidence::new(
            "standard",
            &STANDARD_MODES,
            &[
                RecordFile {
                    name: "split_3e9_8e7_seed20261303.json",
                    path: "confirmation/split_3e9_8e7_seed20261303.json",
                },
                RecordFile {
                    name: "tail/cap-love.json",
                    path: "confirmation/tail/cap-love.json",
                },
                RecordFile {
                    name: "tail/cap-star.json",
                    path: "confirmation/tail/cap-star.json",
                },
                RecordFile {
                    name: "tail/cap-storm.json",
                    path: "confirmation/tail/cap-storm.json",
                },
            ],
        ),
        VariantEvidence::new(
            "rtp-96.50",
            &RTP_96_50_MODES,
            &[
                RecordFile {
                    name: "certificate-love.json",
                    path: "confirmation/variants/rtp-96.50/certificate-love.json",
                },
                RecordFile {
                    name: "certificate-star.json",
                    path: "confirmation/variants/rtp-96.50/certificate-star.json",
                },
                RecordFile {
                    name: "certificate-storm.json",
                    path: "confirmation/variants/rtp-96.50/certificate-storm.json",
                },
                RecordFile {
                    name: "split.json",
                    path: "confirmation/variants/rtp-96.50/split.json",
                },
                RecordFile {
                    name: "tail/cap-love.json",
                    path: "confirmation/tail/rtp-96.50/cap-love.json",
                },
                RecordFile {
                    name: "tail/cap-star.json",
                    path: "confirmation/tail/rtp-96.50/cap-star.json",
                },
                RecordFile {
                    name: "tail/cap-storm.json",
                    path: "confirmation/tail/rtp-96.50/cap-storm.json",
                },
            ],
        ),
        VariantEvidence::new(
            "rtp-91.49",
            &RTP_91_49_MODES,
            &[
                RecordFile {
                    name: "certificate-love.json",
                    path: "confirmation/variants/rtp-91.49/certificate-love.json",
                },
                RecordFile {
                    name: "certificate-star.json",
                    path: "confirmation/variants/rtp-91.49/certificate-star.json",
                },
                RecordFile {
                    name: "certificate-storm.json",
                    path: "confirmation/variants/rtp-91.49/certificate-storm.json",
                },
                RecordFile {
                    name: "split.json",
                    path: "confirmation/variants/rtp-91.49/split.json",
                },
                RecordFile {
                    name: "tail/cap-love.json",
                    path: "confirmation/tail/rtp-91.49/cap-love.json",
                },
                RecordFile {
                    name: "tail/cap-star.json",
                    path: "confirmation/tail/rtp-91.49/cap-star.json",
                },
                RecordFile {
                    name: "tail/cap-storm.json",
                    path: "confirmation/tail/rtp-91.49/cap-storm.json",
                },
            ],
        ),
        VariantEvidence::new(
            "rtp-87.50",
            &RTP_87_50_MODES,
            &[
                RecordFile {
                    name: "certificate-love.json",
                    path: "confirmation/variants/rtp-87.50/certificate-love.json",
                },
                RecordFile {
                    name: "certificate-star.json",
                    path: "confirmation/variants/rtp-87.50/certificate-star.json",
                },
                RecordFile {
                    name: "certificate-storm.json",
                    path: "confirmation/variants/rtp-87.50/certificate-storm.json",
                },
                RecordFile {
                    name: "split.json",
                    path: "confirmation/variants/rtp-87.50/split.json",
                },
                RecordFile {
                    name: "tail/cap-love.json",
                    path: "confirmation/tail/rtp-87.50/cap-love.json",
                },
                RecordFile {
                    name: "tail/cap-star.json",
                    path: "confirmation/tail/rtp-87.50/cap-star.json",
                },
                RecordFile {
                    name: "tail/cap-storm.json",
                    path: "confirmation/tail/rtp-87.50/cap-storm.json",
                },
            ],
        ),
        VariantEvidence::new(
            "rtp-84.50",
            &RTP_84_50_MODES,
            &[
                RecordFile {
                    name: "certificate-love.json",
                    path: "confirmation/variants/rtp-84.50/certificate-love.json",
                },
                RecordFile {
                    name: "certificate-star.json",
                    path: "confirmation/variants/rtp-84.50/certificate-star.json",
                },
                RecordFile {
                    name: "certificate-storm.json",
                    path: "confirmation/variants/rtp-84.50/certificate-storm.json",
                },
                RecordFile {
                    name: "split.json",
                    path: "confirmation/variants/rtp-84.50/split.json",
                },
                RecordFile {
                    name: "tail/cap-love.json",
                    path: "confirmation/tail/rtp-84.50/cap-love.json",
                },
                RecordFile {
                    name: "tail/cap-star.json",
                    path: "confirmation/tail/rtp-84.50/cap-star.json",
                },
                RecordFile {
                    name: "tail/cap-storm.json",
                    path: "confirmation/tail/rtp-84.50/cap-storm.json",
                },
            ],
        ),
    ],
);

const STANDARD_MODES: [ModeEvidence; 3] = [
    ModeEvidence {
        mode: "love",
        rtp: 0.9452023847377335,
        half_width_99: Some(0.0004712524238606934),
        method: Method::Split {
            record: "confirmation/split_3e9_8e7_seed20261303.json",
        },
        how: "split: B + q V; B, q from 3e9 base games (seed 20261303), V from 8e7 features alone (seed 20261304)",
        sd: SdSource::SplitSums,
        odds: &[AwardOdds {
            award: "cap 5000x",
            probability: 2.0038249880768534e-9,
            count: 1558.7678560503348,
            interval_95: Some([1.9043492527080567e-9, 2.10330072344565e-9]),
            how: "multilevel splitting record confirmation/tail/cap-love.json (`cargo xtask tail`, seed 20261501): 1.376e7 root rounds, 16 start copies and 4 at each of 78.12 to 2,500 x; 1 in 4.990e8, 95 % interval 1 in 4.754e8 to 5.251e8 (relative half-width 4.96 %, effective count 1558.8); unbiased (docs/rare-events.md); a cap by the base game alone counts in it as in brute force, and the split record confirmation/split_1e9_2e8_seed20261401.json saw no base game cap alone in 1e9 (its chance, stated apart: at most 3.7e-9 at 95 %; extrapolated from the law of one Trinity spin, an order of 1 in 2e42, docs/rare-events.md)",
            record: "confirmation/tail/cap-love.json",
        }],
    },
    ModeEvidence {
        mode: "star",
        rtp: 0.9451047251761446,
        half_width_99: Some(0.00046385185581976894),
        method: Method::Split {
            record: "confirmation/split_3e9_8e7_seed20261303.json",
        },
        how: "split: B + q V; B, q from 3e9 base games (seed 20261303), V from 8e7 features alone (seed 20261305)",
        sd: SdSource::SplitSums,
        odds: &[AwardOdds {
            award: "cap 5000x",
            probability: 2.7597867525540867e-9,
            count: 1543.2558602073452,
            interval_95: Some([2.6220960394212672e-9, 2.897477465686906e-9]),
            how: "multilevel splitting record confirmation/tail/cap-star.json (`cargo xtask tail`, seed 20261502): 1.040e7 root rounds, 16 start copies and 4 at each of 78.12 to 2,500 x; 1 in 3.623e8, 95 % interval 1 in 3.451e8 to 3.814e8 (relative half-width 4.99 %, effective count 1543.3); unbiased (docs/rare-events.md); a cap by the base game alone counts in it as in brute force, and the split record confirmation/split_1e9_2e8_seed20261401.json saw no base game cap alone in 1e9 (its chance, stated apart: at most 3.7e-9 at 95 %; extrapolated from the law of one Trinity spin, an order of 1 in 2e42, docs/rare-events.md)",
            record: "confirmation/tail/cap-star.json",
        }],
    },
    ModeEvidence {
        mode: "storm",
        rtp: 0.9449305956216144,
        half_width_99: Some(0.0004388815858272838),
        method: Method::Split {
            record: "confirmation/split_3e9_8e7_seed20261303.json",
        },
        how: "split: B + q V; B, q from 3e9 base games (seed 20261303), V from 8e7 features alone (seed 20261306)",
        sd: SdSource::SplitSums,
        odds: &[AwardOdds {
            award: "cap 5000x",
            probability: 1.4461320022056842e-9,
            count: 1538.7057912695782,
            interval_95: Some([1.3738752838114763e-9, 1.5183887205998921e-9]),
            how: "multilevel splitting record confirmation/tail/cap-storm.json (`cargo xtask tail`, seed 20261503): 1.856e7 root rounds, 16 start copies and 4 at each of 78.12 to 2,500 x; 1 in 6.915e8, 95 % interval 1 in 6.586e8 to 7.279e8 (relative half-width 5.00 %, effective count 1538.7); unbiased (docs/rare-events.md); a cap by the base game alone counts in it as in brute force, and the split record confirmation/split_1e9_2e8_seed20261401.json saw no base game cap alone in 1e9 (its chance, stated apart: at most 3.7e-9 at 95 %; extrapolated from the law of one Trinity spin, an order of 1 in 2e42, docs/rare-events.md)",
            record: "confirmation/tail/cap-storm.json",
        }],
    },
];

const RTP_96_50_MODES: [ModeEvidence; 3] = [
    ModeEvidence {
        mode: "love",
        rtp: 0.9649641380700189,
        half_width_99: Some(0.00048272309651833223),
        method: Method::Split {
            record: "confirmation/variants/rtp-96.50/split.json",
        },
        how: "split: B + q V; B, q from 3.0e9 base games, V from 8.0e7 features alone, in 10 chunks (chunk i: base games seed 20264000 + 16 i, love's features seed 20264001 + 16 i)",
        sd: SdSource::SplitSums,
        odds: &[AwardOdds {
            award: "cap 5000x",
            probability: 1.9555804373204025e-9,
            count: 1555.7240814684048,
            interval_95: Some([1.858404779773867e-9, 2.052756094866938e-9]),
            how: "multilevel splitting record confirmation/tail/rtp-96.50/cap-love.json (`cargo xtask tail`, seed 20261511): 1.392e7 root rounds, 16 start copies and 4 at each of 78.12 to 2,500 x; 1 in 5.114e8, 95 % interval 1 in 4.871e8 to 5.381e8 (relative half-width 4.97 %, effective count 1555.7); unbiased (docs/rare-events.md); a cap by the base game alone counts in it as in brute force, and the split record confirmation/variants/rtp-96.50/split.json saw no base game cap alone in 3e9 (its chance, stated apart: at most 1.2e-9 at 95 %; extrapolated from the law of one Trinity spin, an order of 1 in 2e42, docs/rare-events.md)",
            record: "confirmation/tail/rtp-96.50/cap-love.json",
        }],
    },
    ModeEvidence {
        mode: "star",
        rtp: 0.9654313215717141,
        half_width_99: Some(0.00047604846581033455),
        method: Method::Split {
            record: "confirmation/variants/rtp-96.50/split.json",
        },
        how: "split: B + q V; B, q from 3.0e9 base games, V from 8.0e7 features alone, in 10 chunks (chunk i: base games seed 20264000 + 16 i, star's features seed 20264002 + 16 i)",
        sd: SdSource::SplitSums,
        odds: &[AwardOdds {
            award: "cap 5000x",
            probability: 3.046825014311692e-9,
            count: 1547.6256209913147,
            interval_95: Some([2.895028203236092e-9, 3.1986218253872918e-9]),
            how: "multilevel splitting record confirmation/tail/rtp-96.50/cap-star.json (`cargo xtask tail`, seed 20261512): 9.280e6 root rounds, 16 start copies and 4 at each of 78.12 to 2,500 x; 1 in 3.282e8, 95 % interval 1 in 3.126e8 to 3.454e8 (relative half-width 4.98 %, effective count 1547.6); unbiased (docs/rare-events.md); a cap by the base game alone counts in it as in brute force, and the split record confirmation/variants/rtp-96.50/split.json saw no base game cap alone in 3e9 (its chance, stated apart: at most 1.2e-9 at 95 %; extrapolated from the law of one Trinity spin, an order of 1 in 2e42, docs/rare-events.md)",
            record: "confirmation/tail/rtp-96.50/cap-star.json",
        }],
    },
    ModeEvidence {
        mode: "storm",
        rtp: 0.965117073080312,
        half_width_99: Some(0.0004510629966477033),
        method: Method::Split {
            record: "confirmation/variants/rtp-96.50/split.json",
        },
        how: "split: B + q V; B, q from 3.0e9 base games, V from 8.0e7 features alone, in 10 chunks (chunk i: base games seed 20264000 + 16 i, storm's features seed 20264003 + 16 i)",
        sd: SdSource::SplitSums,
        odds: &[AwardOdds {
            award: "cap 5000x",
            probability: 1.5708635438163325e-9,
            count: 1544.4748913918086,
            interval_95: Some([1.4925212784318577e-9, 1.6492058092008073e-9]),
            how: "multilevel splitting record confirmation/tail/rtp-96.50/cap-storm.json (`cargo xtask tail`, seed 20261513): 1.696e7 root rounds, 16 start copies and 4 at each of 78.12 to 2,500 x; 1 in 6.366e8, 95 % interval 1 in 6.064e8 to 6.700e8 (relative half-width 4.99 %, effective count 1544.5); unbiased (docs/rare-events.md); a cap by the base game alone counts in it as in brute force, and the split record confirmation/variants/rtp-96.50/split.json saw no base game cap alone in 3e9 (its chance, stated apart: at most 1.2e-9 at 95 %; extrapolated from the law of one Trinity spin, an order of 1 in 2e42, docs/rare-events.md)",
            record: "confirmation/tail/rtp-96.50/cap-storm.json",
        }],
    },
];

const RTP_91_49_MODES: [ModeEvidence; 3] = [
    ModeEvidence {
        mode: "love",
        rtp: 0.9150888139191689,
        half_width_99: Some(0.00047866175674964804),
        method: Method::Split {
            record: "confirmation/variants/rtp-91.49/split.json",
        },
        how: "split: B + q V; B, q from 2.7e9 base games, V from 7.2e7 features alone, in 9 chunks (chunk i: base games seed 20263000 + 16 i, love's features seed 20263001 + 16 i)",
        sd: SdSource::SplitSums,
        odds: &[AwardOdds {
            award: "cap 5000x",
            probability: 1.7716712558392397e-9,
            count: 1549.3931134263928,
            interval_95: Some([1.6834546347044418e-9, 1.8598878769740376e-9]),
            how: "multilevel splitting record confirmation/tail/rtp-91.49/cap-love.json (`cargo xtask tail`, seed 20261521): 1.552e7 root rounds, 16 start copies and 4 at each of 78.12 to 2,500 x; 1 in 5.644e8, 95 % interval 1 in 5.377e8 to 5.940e8 (relative half-width 4.98 %, effective count 1549.4); unbiased (docs/rare-events.md); a cap by the base game alone counts in it as in brute force, and the split record confirmation/variants/rtp-91.49/split.json saw no base game cap alone in 2.7e9 (its chance, stated apart: at most 1.4e-9 at 95 %; extrapolated from the law of one Trinity spin, an order of 1 in 2e42, docs/rare-events.md)",
            record: "confirmation/tail/rtp-91.49/cap-love.json",
        }],
    },
    ModeEvidence {
        mode: "star",
        rtp: 0.914614257222164,
        half_width_99: Some(0.00047008171454151267),
        method: Method::Split {
            record: "confirmation/variants/rtp-91.49/split.json",
        },
        how: "split: B + q V; B, q from 2.7e9 base games, V from 7.2e7 features alone, in 9 chunks (chunk i: base games seed 20263000 + 16 i, star's features seed 20263002 + 16 i)",
        sd: SdSource::SplitSums,
        odds: &[AwardOdds {
            award: "cap 5000x",
            probability: 2.676248550415039e-9,
            count: 1545.0681915196046,
            interval_95: Some([2.5428040407537122e-9, 2.809693060076366e-9]),
            how: "multilevel splitting record confirmation/tail/rtp-91.49/cap-star.json (`cargo xtask tail`, seed 20261522): 1.024e7 root rounds, 16 start copies and 4 at each of 78.12 to 2,500 x; 1 in 3.737e8, 95 % interval 1 in 3.559e8 to 3.933e8 (relative half-width 4.99 %, effective count 1545.1); unbiased (docs/rare-events.md); a cap by the base game alone counts in it as in brute force, and the split record confirmation/variants/rtp-91.49/split.json saw no base game cap alone in 2.7e9 (its chance, stated apart: at most 1.4e-9 at 95 %; extrapolated from the law of one Trinity spin, an order of 1 in 2e42, docs/rare-events.md)",
            record: "confirmation/tail/rtp-91.49/cap-star.json",
        }],
    },
    ModeEvidence {
        mode: "storm",
        rtp: 0.914926460525473,
        half_width_99: Some(0.0004443134177071724),
        method: Method::Split {
            record: "confirmation/variants/rtp-91.49/split.json",
        },
        how: "split: B + q V; B, q from 2.7e9 base games, V from 7.2e7 features alone, in 9 chunks (chunk i: base games seed 20263000 + 16 i, storm's features seed 20263003 + 16 i)",
        sd: SdSource::SplitSums,
        odds: &[AwardOdds {
            award: "cap 5000x",
            probability: 1.2334187825520834e-9,
            count: 1539.764229035083,
            interval_95: Some([1.17181157337886e-9, 1.2950259917253068e-9]),
            how: "multilevel splitting record confirmation/tail/rtp-91.49/cap-storm.json (`cargo xtask tail`, seed 20261523): 2.160e7 root rounds, 16 start copies and 4 at each of 78.12 to 2,500 x; 1 in 8.108e8, 95 % interval 1 in 7.722e8 to 8.534e8 (relative half-width 4.99 %, effective count 1539.8); unbiased (docs/rare-events.md); a cap by the base game alone counts in it as in brute force, and the split record confirmation/variants/rtp-91.49/split.json saw no base game cap alone in 2.7e9 (its chance, stated apart: at most 1.4e-9 at 95 %; extrapolated from the law of one Trinity spin, an order of 1 in 2e42, docs/rare-events.md)",
            record: "confirmation/tail/rtp-91.49/cap-storm.json",
        }],
    },
];

const RTP_87_50_MODES: [ModeEvidence; 3] = [
    ModeEvidence {
        mode: "love",
        rtp: 0.8747624323034251,
        half_width_99: Some(0.00048175473235581183),
        method: Method::Split {
            record: "confirmation/variants/rtp-87.50/split.json",
        },
        how: "split: B + q V; B, q from 2.4e9 base games, V from 6.4e7 features alone, in 8 chunks (chunk i: base games seed 20265000 + 16 i, love's features seed 20265001 + 16 i)",
        sd: SdSource::SplitSums,
        odds: &[AwardOdds {
            award: "cap 5000x",
            probability: 1.7024502895846225e-9,
            count: 1550.3675139950874,
            interval_95: Some([1.6177070229683523e-9, 1.7871935562008927e-9]),
            how: "multilevel splitting record confirmation/tail/rtp-87.50/cap-love.json (`cargo xtask tail`, seed 20261531): 1.616e7 root rounds, 16 start copies and 4 at each of 78.12 to 2,500 x; 1 in 5.874e8, 95 % interval 1 in 5.595e8 to 6.182e8 (relative half-width 4.98 %, effective count 1550.4); unbiased (docs/rare-events.md); a cap by the base game alone counts in it as in brute force, and the split record confirmation/variants/rtp-87.50/split.json saw no base game cap alone in 2.4e9 (its chance, stated apart: at most 1.5e-9 at 95 %; extrapolated from the law of one Trinity spin, an order of 1 in 2e42, docs/rare-events.md)",
            record: "confirmation/tail/rtp-87.50/cap-love.json",
        }],
    },
    ModeEvidence {
        mode: "star",
        rtp: 0.8751689400435717,
        half_width_99: Some(0.0004727346608502738),
        method: Method::Split {
            record: "confirmation/variants/rtp-87.50/split.json",
        },
        how: "split: B + q V; B, q from 2.4e9 base games, V from 6.4e7 features alone, in 8 chunks (chunk i: base games seed 20265000 + 16 i, star's features seed 20265002 + 16 i)",
        sd: SdSource::SplitSums,
        odds: &[AwardOdds {
            award: "cap 5000x",
            probability: 2.3176795557925577e-9,
            count: 1550.1333935980479,
            interval_95: Some([2.202303166163361e-9, 2.4330559454217545e-9]),
            how: "multilevel splitting record confirmation/tail/rtp-87.50/cap-star.json (`cargo xtask tail`, seed 20261532): 1.216e7 root rounds, 16 start copies and 4 at each of 78.12 to 2,500 x; 1 in 4.315e8, 95 % interval 1 in 4.110e8 to 4.541e8 (relative half-width 4.98 %, effective count 1550.1); unbiased (docs/rare-events.md); a cap by the base game alone counts in it as in brute force, and the split record confirmation/variants/rtp-87.50/split.json saw no base game cap alone in 2.4e9 (its chance, stated apart: at most 1.5e-9 at 95 %; extrapolated from the law of one Trinity spin, an order of 1 in 2e42, docs/rare-events.md)",
            record: "confirmation/tail/rtp-87.50/cap-star.json",
        }],
    },
    ModeEvidence {
        mode: "storm",
        rtp: 0.8751059829235237,
        half_width_99: Some(0.00044565713853549104),
        method: Method::Split {
            record: "confirmation/variants/rtp-87.50/split.json",
        },
        how: "split: B + q V; B, q from 2.4e9 base games, V from 6.4e7 features alone, in 8 chunks (chunk i: base games seed 20265000 + 16 i, storm's features seed 20265003 + 16 i)",
        sd: SdSource::SplitSums,
        odds: &[AwardOdds {
            award: "cap 5000x",
            probability: 1.0598380610627947e-9,
            count: 1545.0165756796182,
            interval_95: Some([1.006990976746415e-9, 1.1126851453791744e-9]),
            how: "multilevel splitting record confirmation/tail/rtp-87.50/cap-storm.json (`cargo xtask tail`, seed 20261533): 2.544e7 root rounds, 16 start copies and 4 at each of 78.12 to 2,500 x; 1 in 9.435e8, 95 % interval 1 in 8.987e8 to 9.931e8 (relative half-width 4.99 %, effective count 1545.0); unbiased (docs/rare-events.md); a cap by the base game alone counts in it as in brute force, and the split record confirmation/variants/rtp-87.50/split.json saw no base game cap alone in 2.4e9 (its chance, stated apart: at most 1.5e-9 at 95 %; extrapolated from the law of one Trinity spin, an order of 1 in 2e42, docs/rare-events.md)",
            record: "confirmation/tail/rtp-87.50/cap-storm.json",
        }],
    },
];

const RTP_84_50_MODES: [ModeEvidence; 3] = [
    ModeEvidence {
        mode: "love",
        rtp: 0.8449650664580213,
        half_width_99: Some(0.0004944405793859789),
        method: Method::Split {
            record: "confirmation/variants/rtp-84.50/split.json",
        },
        how: "split: B + q V; B, q from 2.1e9 base games, V from 5.6e7 features alone, in 7 chunks (chunk i: base games seed 20262000 + 16 i, love's features seed 20262001 + 16 i)",
        sd: SdSource::SplitSums,
        odds: &[AwardOdds {
            award: "cap 5000x",
            probability: 1.553622159090909e-9,
            count: 1546.9875135215946,
            interval_95: Some([1.4762027069421236e-9, 1.6310416112396945e-9]),
            how: "multilevel splitting record confirmation/tail/rtp-84.50/cap-love.json (`cargo xtask tail`, seed 20261541): 1.760e7 root rounds, 16 start copies and 4 at each of 78.12 to 2,500 x; 1 in 6.437e8, 95 % interval 1 in 6.131e8 to 6.774e8 (relative half-width 4.98 %, effective count 1547.0); unbiased (docs/rare-events.md); a cap by the base game alone counts in it as in brute force, and the split record confirmation/variants/rtp-84.50/split.json saw no base game cap alone in 2.1e9 (its chance, stated apart: at most 1.8e-9 at 95 %; extrapolated from the law of one Trinity spin, an order of 1 in 2e42, docs/rare-events.md)",
            record: "confirmation/tail/rtp-84.50/cap-love.json",
        }],
    },
    ModeEvidence {
        mode: "star",
        rtp: 0.845114182842065,
        half_width_99: Some(0.0004836958229280053),
        method: Method::Split {
            record: "confirmation/variants/rtp-84.50/split.json",
        },
        how: "split: B + q V; B, q from 2.1e9 base games, V from 5.6e7 features alone, in 7 chunks (chunk i: base games seed 20262000 + 16 i, star's features seed 20262002 + 16 i)",
        sd: SdSource::SplitSums,
        odds: &[AwardOdds {
            award: "cap 5000x",
            probability: 2.1971665419541394e-9,
            count: 1550.4787220626758,
            interval_95: Some([2.0878015909391627e-9, 2.306531492969116e-9]),
            how: "multilevel splitting record confirmation/tail/rtp-84.50/cap-star.json (`cargo xtask tail`, seed 20261542): 1.232e7 root rounds, 16 start copies and 4 at each of 78.12 to 2,500 x; 1 in 4.551e8, 95 % interval 1 in 4.336e8 to 4.790e8 (relative half-width 4.98 %, effective count 1550.5); unbiased (docs/rare-events.md); a cap by the base game alone counts in it as in brute force, and the split record confirmation/variants/rtp-84.50/split.json saw no base game cap alone in 2.1e9 (its chance, stated apart: at most 1.8e-9 at 95 %; extrapolated from the law of one Trinity spin, an order of 1 in 2e42, docs/rare-events.md)",
            record: "confirmation/tail/rtp-84.50/cap-star.json",
        }],
    },
    ModeEvidence {
        mode: "storm",
        rtp: 0.8452021638671485,
        half_width_99: Some(0.0004550564161348024),
        method: Method::Split {
            record: "confirmation/variants/rtp-84.50/split.json",
        },
        how: "split: B + q V; B, q from 2.1e9 base games, V from 5.6e7 features alone, in 7 chunks (chunk i: base games seed 20262000 + 16 i, storm's features seed 20262003 + 16 i)",
        sd: SdSource::SplitSums,
        odds: &[AwardOdds {
            award: "cap 5000x",
            probability: 8.62896761154746e-10,
            count: 1542.5708532325275,
            interval_95: Some([8.198357355569654e-10, 9.059577867525267e-10]),
            how: "multilevel splitting record confirmation/tail/rtp-84.50/cap-storm.json (`cargo xtask tail`, seed 20261543): 2.992e7 root rounds, 16 start copies and 4 at each of 78.12 to 2,500 x; 1 in 1.159e9, 95 % interval 1 in 1.104e9 to 1.220e9 (relative half-width 4.99 %, effective count 1542.6); unbiased (docs/rare-events.md); a cap by the base game alone counts in it as in brute force, and the split record confirmation/variants/rtp-84.50/split.json saw no base game cap alone in 2.1e9 (its chance, stated apart: at most 1.8e-9 at 95 %; extrapolated from the law of one Trinity spin, an order of 1 in 2e42, docs/rare-events.md)",
            record: "confirmation/tail/rtp-84.50/cap-storm.json",
        }],
    },
];
