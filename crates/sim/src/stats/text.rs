//! The PAR report as readable text (`Display` for [`ParReport`]), as the runner prints it. The
//! report's tests are here, with its text: each of them also checks what is printed.

use super::confidence::percent_label;
use super::report::ParReport;

fn fmt_one_in(x: Option<f64>) -> String {
    match x {
        Some(v) => format!("1 in {v:.1}"),
        None => "never".into(),
    }
}

impl std::fmt::Display for ParReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let pct = |x: f64| match x.is_finite() {
            true => format!("{:.4} %", x * 100.0),
            false => "unbounded".to_string(),
        };
        writeln!(f, "PAR report: {} ({})", self.game, self.mode)?;
        writeln!(
            f,
            "  rounds            {}   {}   threads {}",
            self.rounds,
            self.seeds_text(),
            self.threads
        )?;
        writeln!(f, "  stake             {} x bet", self.stake_x_bet)?;
        writeln!(f, "  RTP               {}", pct(self.rtp))?;
        for i in &self.rtp_intervals {
            writeln!(
                f,
                "    {:<16}[{}, {}]",
                format!("{} % interval", percent_label(i.level)),
                pct(i.low),
                pct(i.high)
            )?;
        }
        if let Some(why) = &self.interval_warning {
            writeln!(f, "    NOT RELIABLE    {why}")?;
        }
        writeln!(f, "  sd of round win   {:.3} x stake", self.sd)?;
        if let Some(sh) = self.shape {
            writeln!(
                f,
                "  shape             skewness {:.2}, excess kurtosis {:.1}",
                sh.skewness, sh.excess_kurtosis
            )?;
        }
        let v = self.volatility_index;
        writeln!(
            f,
            "  volatility index  {:.2} (90 %)  {:.2} (95 %)  {:.2} (99 %)",
            v.vi90, v.vi95, v.vi99
        )?;
        writeln!(
            f,
            "  hit frequency     {}  ({})",
            pct(self.hit_frequency),
            fmt_one_in(
                self.hit_frequency
                    .recip()
                    .is_finite()
                    .then(|| self.hit_frequency.recip())
            )
        )?;
        writeln!(f, "  max win           {:.2} x bet", self.max_win)?;
        writeln!(
            f,
            "  cap hits          {}  ({})",
            self.cap_hits,
            fmt_one_in(self.cap_one_in)
        )?;
        writeln!(f, "  RTP by source")?;
        for (k, v) in &self.rtp_by_source {
            writeln!(f, "    {k:<22}{}", pct(*v))?;
        }
        writeln!(f, "  features")?;
        for (k, v) in &self.features {
            writeln!(
                f,
                "    {k:<22}{} rounds ({}), RTP {}, average {} x bet",
                v.count,
                fmt_one_in(v.one_in),
                pct(v.rtp),
                v.average_win.map_or("-".into(), |a| format!("{a:.2}"))
            )?;
        }
        if !self.top_awards.is_empty() {
            writeln!(f, "  top awards")?;
            for a in &self.top_awards {
                writeln!(f, "    {:<30}{}", a.name, a.describe(self.rounds))?;
            }
        }
        writeln!(
            f,
            "  win distribution (x bet)       rounds     share of rounds  share of RTP   1 in"
        )?;
        for b in &self.win_distribution {
            let rtp = b.rtp_share.map_or("           ".to_string(), |x| {
                format!("{:>9.3} %", x * 100.0)
            });
            writeln!(
                f,
                "    {:<20}{:>14}  {:>9.5} %  {rtp}  {}",
                b.range,
                b.count,
                b.share * 100.0,
                fmt_one_in(b.one_in)
            )?;
        }
        if let Some(e) = &self.experience {
            writeln!(f, "  player experience (x stake)")?;
            writeln!(
                f,
                "    paid > 0, < stake   {}  (losses disguised as wins)",
                pct(e.below_stake)
            )?;
            writeln!(f, "    paid = stake        {}", pct(e.at_stake))?;
            writeln!(f, "    paid > stake        {}", pct(e.above_stake))?;
            for m in &e.at_least {
                writeln!(
                    f,
                    "    {:<20}{}  ({})",
                    format!("paid >= {}x", m.multiple),
                    pct(m.share),
                    fmt_one_in(super::awards::one_in(self.rounds, m.count))
                )?;
            }
            let s = &e.dry_spells;
            let q = |x: Option<super::experience::SpellQuantile>| {
                x.map_or("-".to_string(), |q| q.to_string())
            };
            writeln!(
                f,
                "    dry spells          {} between rounds paying >= stake: mean {}, median {}, 99th percentile {}, longest {} rounds",
                s.count,
                s.mean.map_or("-".to_string(), |m| format!("{m:.2}")),
                q(s.median),
                q(s.p99),
                s.longest.map_or("-".to_string(), |l| l.to_string())
            )?;
        }
        let rare = self.rare_buckets();
        if !rare.is_empty() {
            writeln!(
                f,
                "  odds rarer than 1 in 100 million (GLI-11 disclosure): {}",
                rare.join(", ")
            )?;
        }
        writeln!(
            f,
            "  speed             {:.0} rounds/s ({:.0} per thread), {:.2} s",
            self.rounds_per_second, self.rounds_per_second_per_thread, self.elapsed_seconds
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::accumulator::Accumulator;
    use crate::stats::confidence::ConfidenceLevel;
    use crate::stats::fixtures::summary;
    use crate::stats::report::ReportInfo;
    use crate::stats::validate::SumsError;
    use crate::stats::validate::tests::{LIMITS, real};

    #[test]
    fn report_fields_and_intervals() {
        let mut a = Accumulator::new(100);
        for w in [0, 0, 100, 300, 900] {
            a.add(&summary(w));
        }
        let info = ReportInfo {
            game: "g",
            mode: "m",
            sources: &["base"],
            features: &["x", "big"],
            awards: &[],
            cap: None,
        };
        let r = ParReport::new(info, &a, 7, 2, 1.0);
        assert_eq!(r.rtp, 1300.0 / 500.0);
        // z(95 %) = 1.959963984540054 (the standard normal's 0.975 quantile).
        assert!((r.rtp_ci95[1] - r.rtp - 1.959_963_984_540_054 * r.sd / 5f64.sqrt()).abs() < 1e-12);
        // The interval list defaults to 95 % and 99 %, the same intervals as the fixed fields.
        let levels: Vec<f64> = r.rtp_intervals.iter().map(|i| i.level).collect();
        assert_eq!(levels, [0.95, 0.99]);
        assert_eq!(
            [r.rtp_intervals[0].low, r.rtp_intervals[0].high],
            r.rtp_ci95
        );
        assert_eq!(
            [r.rtp_intervals[1].low, r.rtp_intervals[1].high],
            r.rtp_ci99
        );
        assert!((r.volatility_index.vi90 - 1.644_853_626_951_472 * r.sd).abs() < 1e-12);
        assert!((r.volatility_index.vi99 - 2.575_829_303_548_901 * r.sd).abs() < 1e-12);
        assert_eq!(r.features["big"].count, 1);
        assert_eq!(r.features["big"].one_in, Some(5.0));
        assert_eq!(r.features["x"].one_in, None);
        assert_eq!(r.rtp_by_source["base"], r.rtp);
        assert_eq!(r.max_win, 9.0);
        let text = r.to_string();
        assert!(
            text.contains("RTP") && text.contains("260.0000 %"),
            "{text}"
        );
        let json = serde_json_like(&r);
        assert!(json.contains("\"rtp_ci99\""));
        // The sums survive a JSON round trip exactly (shards can be merged from reports).
        let v: serde_json::Value = serde_json::from_str(&json).unwrap();
        let back: Accumulator = serde_json::from_value(v["sums"].clone()).unwrap();
        assert_eq!(back, a);
        let mut big = Accumulator::new(100);
        big.sum_sq = u128::MAX - 1;
        let back: Accumulator =
            serde_json::from_str(&serde_json::to_string(&big).unwrap()).unwrap();
        assert_eq!(back.sum_sq, u128::MAX - 1);
    }

    /// One run names its seed; a merge of runs with different seeds names every one (the
    /// shards of one run, one seed, once).
    #[test]
    fn the_text_names_every_seed_of_a_merge() {
        let mut a = Accumulator::new(100);
        a.add(&summary(100));
        let info = ReportInfo {
            game: "g",
            mode: "m",
            sources: &["base"],
            features: &[],
            awards: &[],
            cap: None,
        };
        let mut r = ParReport::new(info, &a, 7, 1, 1.0);
        let header = |r: &ParReport| r.to_string().lines().nth(1).unwrap().to_string();
        assert!(header(&r).contains("   seed 7   "), "{}", header(&r));
        r.merged_seeds = vec![7, 7];
        assert_eq!(r.seeds(), [7]);
        assert!(header(&r).contains("   seed 7   "), "{}", header(&r));
        r.merged_seeds = vec![7, 3, 11];
        assert_eq!(r.seeds(), [7, 3, 11]);
        assert!(
            header(&r).contains("   seeds 7, 3, 11   "),
            "{}",
            header(&r)
        );
    }

    fn serde_json_like(r: &ParReport) -> String {
        serde_json::to_string(r).unwrap()
    }

    #[test]
    fn intervals_of_few_rounds_are_clamped_and_flagged() {
        let info = ReportInfo {
            game: "g",
            mode: "m",
            sources: &["base"],
            features: &[],
            awards: &[],
            cap: None,
        };
        let mut a = Accumulator::new(100);
        a.add(&summary(300));
        let r = ParReport::new(info, &a, 1, 1, 1.0);
        assert!(!r.interval_reliable);
        assert!(r.rtp_ci99[1].is_infinite(), "one round: no finite interval");
        assert!(r.to_string().contains("unbounded"));
        assert!(r.to_string().contains("NOT RELIABLE"));
        for w in [0, 0, 0, 0, 0, 0, 0, 0, 0] {
            a.add(&summary(w));
        }
        let r = ParReport::new(info, &a, 1, 1, 1.0);
        assert_eq!(r.rtp_ci95[0], 0.0, "10 rounds: lower bound clamped at 0");
        assert!(r.rtp_ci95[1] > r.rtp);
        assert!(
            r.interval_warning
                .as_deref()
                .unwrap()
                .contains("10 rounds with 1 winning")
        );
        let mut many = Accumulator::new(100);
        for i in 0..1_000u64 {
            many.add(&summary(i % 20 * 10));
        }
        assert_eq!(many.interval_warning(), None);
        assert!(ParReport::new(info, &many, 1, 1, 1.0).interval_reliable);
    }

    #[test]
    fn other_confidence_levels_replace_the_interval_list_only() {
        let mut a = Accumulator::new(100);
        for w in [0, 0, 100, 300, 900, 50, 0, 2_000] {
            a.add(&summary(w));
        }
        let info = ReportInfo {
            game: "g",
            mode: "m",
            sources: &["base"],
            features: &[],
            awards: &[],
            cap: None,
        };
        let r = ParReport::new(info, &a, 7, 1, 1.0);
        let levels = [
            ConfidenceLevel::P999,
            ConfidenceLevel::P95,
            ConfidenceLevel::P99,
            ConfidenceLevel::P95,
        ];
        let r2 = r.clone().with_confidence(&levels);
        let got: Vec<f64> = r2.rtp_intervals.iter().map(|i| i.level).collect();
        assert_eq!(got, [0.95, 0.99, 0.999], "sorted, each once");
        assert_eq!((r2.rtp_ci95, r2.rtp_ci99), (r.rtp_ci95, r.rtp_ci99));
        assert_eq!(
            [r2.rtp_intervals[1].low, r2.rtp_intervals[1].high],
            r.rtp_ci99
        );
        // 99.9 %: z = 3.290526731491926.
        let h = 3.290_526_731_491_926 * r.sd / 8f64.sqrt();
        assert!((r2.rtp_intervals[2].high - r.rtp - h).abs() < 1e-12);
        // The lower end is cut at 0 (an RTP is never negative).
        assert!(((r.rtp - h).max(0.0) - r2.rtp_intervals[2].low).abs() < 1e-12);
        let text = r2.to_string();
        assert!(
            text.contains("    99.9 % interval [") && text.contains("    95 % interval   ["),
            "{text}"
        );
        let json: serde_json::Value = serde_json::to_value(&r2).unwrap();
        assert_eq!(json["rtp_intervals"][2]["level"], 0.999);
        assert_eq!(json["rtp_intervals"].as_array().unwrap().len(), 3);
        assert_eq!(
            r.clone().with_confidence(&[]),
            r,
            "no levels: the default stays"
        );
    }

    #[test]
    fn top_awards_are_counted_merged_checked_and_reported() {
        let mut a = Accumulator::new(100);
        for (win, awards) in [(0, 0), (150, 2), (700, 1), (0, 0)] {
            let mut r = summary(win);
            r.awards[0] = awards;
            a.add(&r);
        }
        assert_eq!((a.award_rounds[0], a.award_counts[0]), (2, 3));
        assert_eq!(a.validate(&LIMITS), Ok(()));
        let mut twice = a.clone();
        twice.checked_merge(&a).unwrap();
        assert_eq!((twice.award_rounds[0], twice.award_counts[0]), (4, 6));
        // Impossible sums are refused.
        let mut bad = a.clone();
        bad.award_rounds[0] = 5;
        bad.award_counts[0] = 5;
        assert!(matches!(
            bad.validate(&LIMITS),
            Err(SumsError::AwardRoundsAboveRounds { .. })
        ));
        let mut bad = a.clone();
        bad.award_counts[0] = 1;
        assert!(matches!(
            bad.validate(&LIMITS),
            Err(SumsError::AwardRoundsVsCount { .. })
        ));
        let mut bad = a.clone();
        bad.award_rounds[1] = 1;
        bad.award_counts[1] = 1;
        assert!(matches!(
            bad.validate(&LIMITS),
            Err(SumsError::UnusedAward { index: 1, .. })
        ));
        // Sums without awards serialise without the fields (older reports read back the same).
        let plain = real();
        let json = serde_json::to_string(&plain).unwrap();
        assert!(!json.contains("award_"), "{json}");
        let back: Accumulator = serde_json::from_str(&json).unwrap();
        assert_eq!(back, plain);
        // The report: the cap first, then the game's awards, "1 in rounds / count".
        let info = ReportInfo {
            game: "g",
            mode: "m",
            sources: &["base"],
            features: &["x", "big"],
            awards: &["x500"],
            cap: Some(500_000),
        };
        let r = ParReport::new(info, &a, 7, 1, 1.0);
        let names: Vec<&str> = r.top_awards.iter().map(|x| x.name.as_str()).collect();
        assert_eq!(names, ["cap 5000x", "x500"]);
        assert_eq!(r.top_awards[0].one_in, None);
        assert_eq!(r.top_awards[0].one_in_high, None);
        // Not seen in 4 rounds: rarer than 1 in 4 / 3.689 at 95 %.
        assert!((r.top_awards[0].one_in_low - 4.0 / 3.688_879).abs() < 1e-4);
        assert_eq!(r.top_awards[1].one_in, Some(4.0 / 3.0));
        let text = r.to_string();
        assert!(text.contains("not seen in 4 rounds"), "{text}");
        assert!(
            text.contains("x500") && text.contains("3 times in 2 rounds"),
            "{text}"
        );
    }
}
