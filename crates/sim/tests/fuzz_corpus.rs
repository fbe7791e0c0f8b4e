//! Replays the committed seed corpus of the fuzz target `merge_report`
//! (`fuzz/seeds/merge_report/`) as an ordinary test, so the fuzz check keeps compiling and
//! passing between fuzzing sessions.

#[test]
fn merge_report_seeds_pass_the_fuzz_check() {
    let dir =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/seeds/merge_report");
    let catalog = slot_sim::Catalog::new()
        .with::<moon_princess::MoonPrincess>()
        .with::<wish_upon_a_star::WishUponAStar>()
        .with::<starlight_christmas::StarlightChristmas>();
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).expect("the seed corpus exists") {
        let path = entry.unwrap().path();
        slot_sim::fuzzing::check_merge_report(&std::fs::read(&path).unwrap(), &catalog);
        n += 1;
    }
    assert!(
        n >= 8,
        "the seed corpus has {n} inputs; expected at least 8"
    );
}
