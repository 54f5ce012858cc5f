// fiu_sc_cosim: the Verilated fiu_top (SystemC) and the C model (sc_module) side by side
// over a vector file, a scoreboard comparing every response. See docs/systemc.md.
#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <string>

#include <systemc>

#include "args.h"
#include "driver.h"
#include "fiu_model_sc.h"
#include "fiu_rtl_sc.h"
#include "scoreboard.h"

namespace {

struct cli {
    const char *vectors = nullptr;
    bool quiet = false;
    fiu_rtl_sc::options rtl;
    fiu_sc_scoreboard::options sb;
};

void usage()
{
    std::printf("usage: fiu_sc_cosim --vectors FILE [options]\n"
                "  SystemC co-simulation of the Verilated fiu_top (LANES=%u, RAM_WORDS=%u) against the\n"
                "  C model as an sc_module, over a vector file (the files of tb_cosim --vectors).\n"
                "  --vectors FILE      stimulus (required)\n"
                "  --seed N            seed (default: $SEED, else time); printed; controls the random\n"
                "                      initial RTL state, request bubbles and response backpressure\n"
                "  --bubbles P         percent of cycles with no request offered (default 20)\n"
                "  --backpressure P    percent of cycles with rsp_ready low (default 20)\n"
                "  --inject-fault N    self-test: flip one bit of the RTL response to request N\n"
                "  --quiet             only the summary line (and any failure report)\n"
                "  exit status: 0 pass, 1 mismatch or other failure, 2 usage or malformed vector file\n",
                fiu_rtl_sc::lanes, fiu_rtl_sc::ram_words);
}

// -1: run; otherwise the exit status.
int parse_args(int argc, char **argv, cli *o)
{
    bool have_seed = false;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : nullptr;
        uint64_t n;
        if (!std::strcmp(a, "--help") || !std::strcmp(a, "-h")) {
            usage();
            return 0;
        } else if (!std::strcmp(a, "--quiet")) {
            o->quiet = true;
        } else if (!v && (!std::strcmp(a, "--vectors") || !std::strcmp(a, "--seed") || !std::strcmp(a, "--bubbles") ||
                          !std::strcmp(a, "--backpressure") || !std::strcmp(a, "--inject-fault"))) {
            std::fprintf(stderr, "fiu_sc_cosim: %s needs a value (try --help)\n", a);
            return FIU_SC_EXIT_USAGE;
        } else if (!std::strcmp(a, "--vectors")) {
            o->vectors = v, i++;
        } else if (!std::strcmp(a, "--seed")) {
            if (!fiu_arg_u64("fiu_sc_cosim", a, v, 0, UINT64_MAX, &n))
                return FIU_SC_EXIT_USAGE;
            o->rtl.seed = n, have_seed = true, i++;
        } else if (!std::strcmp(a, "--bubbles") || !std::strcmp(a, "--backpressure")) {
            if (!fiu_arg_u64("fiu_sc_cosim", a, v, 0, 99, &n))
                return FIU_SC_EXIT_USAGE;
            if (!std::strcmp(a, "--bubbles"))
                o->rtl.bubble_pct = static_cast<unsigned>(n);
            else
                o->rtl.backpressure_pct = static_cast<unsigned>(n);
            i++;
        } else if (!std::strcmp(a, "--inject-fault")) {
            if (!fiu_arg_u64("fiu_sc_cosim", a, v, 0, 0x7FFFFFFF, &n))
                return FIU_SC_EXIT_USAGE;
            o->sb.inject_fault = static_cast<long>(n), i++;
        } else {
            std::fprintf(stderr, "fiu_sc_cosim: bad argument '%s' (try --help)\n", a);
            return FIU_SC_EXIT_USAGE;
        }
    }
    if (!o->vectors) {
        std::fprintf(stderr, "fiu_sc_cosim: --vectors FILE is required (try --help)\n");
        return FIU_SC_EXIT_USAGE;
    }
    if (!have_seed) {
        const char *env = std::getenv("SEED");
        uint64_t n;
        if (env && !fiu_arg_u64("fiu_sc_cosim", "SEED", env, 0, UINT64_MAX, &n))
            return FIU_SC_EXIT_USAGE;
        o->rtl.seed = env ? n : static_cast<uint64_t>(std::time(nullptr));
    }
    o->sb.replay = std::string(argv[0]) + " --vectors " + o->vectors + " --seed " + std::to_string(o->rtl.seed) +
                   " --bubbles " + std::to_string(o->rtl.bubble_pct) + " --backpressure " +
                   std::to_string(o->rtl.backpressure_pct);
    return -1;
}

// No info or deprecation chatter.
void quiet_systemc()
{
    using namespace sc_core;
    sc_report_handler::set_actions(SC_INFO, SC_DO_NOTHING);
    sc_report_handler::set_actions("/IEEE_Std_1666/deprecated", SC_DO_NOTHING);
}

} // namespace

int sc_main(int argc, char *argv[])
{
    cli opt;
    int r = parse_args(argc, argv, &opt);
    if (r >= 0)
        return r;
    quiet_systemc();
    fiu_vreader *reader = fiu_vreader_open(opt.vectors);
    if (!reader) {
        std::fprintf(stderr, "fiu_sc_cosim: %s: cannot open: %s\n", opt.vectors, std::strerror(errno));
        return FIU_SC_EXIT_USAGE;
    }
    if (!opt.quiet)
        std::printf("fiu_sc_cosim: lanes=%u seed=%" PRIu64 " bubbles=%u%% backpressure=%u%% vectors=%s\n",
                    fiu_rtl_sc::lanes, opt.rtl.seed, opt.rtl.bubble_pct, opt.rtl.backpressure_pct, opt.vectors);

    fiu_sc_verdict verdict;
    const sc_core::sc_time period(10, sc_core::SC_NS);
    sc_core::sc_clock clk("clk", period);
    sc_core::sc_fifo<fiu_sc_stim> stim_model("stim_model", 2), stim_rtl("stim_rtl", 2);
    sc_core::sc_fifo<fiu_sc_expected> expected("expected", 16);
    sc_core::sc_fifo<fiu_sc_observed> observed("observed", 16);

    fiu_model_sc model("model", verdict);
    fiu_rtl_sc rtl("rtl", opt.rtl, verdict);
    fiu_sc_scoreboard scoreboard("scoreboard", opt.sb, verdict);
    fiu_sc_driver driver("driver", reader, fiu_rtl_sc::lanes, fiu_rtl_sc::ram_words, scoreboard, verdict);
    driver.clk(clk);
    driver.to_model(stim_model);
    driver.to_rtl(stim_rtl);
    model.stim_in(stim_model);
    model.rsp_out(expected);
    rtl.clk(clk);
    rtl.stim_in(stim_rtl);
    rtl.rsp_out(observed);
    scoreboard.expected_in(expected);
    scoreboard.observed_in(observed);

    sc_core::sc_start();
    fiu_vreader_close(reader);
    if (!verdict.failed() && !driver.complete())
        verdict.fail(FIU_SC_EXIT_FAIL, "the simulation ended before every response was checked");
    if (verdict.exit_code() == FIU_SC_EXIT_USAGE)
        std::fprintf(stderr, "fiu_sc_cosim: %s\n", verdict.reason().c_str());
    std::printf("fiu_sc_cosim: lanes=%u seed=%" PRIu64 " requests=%lu responses=%lu lane_checks=%lu cycles=%" PRIu64
                " sim_time=%s %s%s\n",
                fiu_rtl_sc::lanes, opt.rtl.seed, driver.requests(), scoreboard.responses(), scoreboard.lane_checks(),
                rtl.cycles(), sc_core::sc_time_stamp().to_string().c_str(), verdict.failed() ? "FAIL: " : "PASS",
                verdict.reason().c_str());
    return verdict.exit_code();
}

// Our own main (instead of libsystemc's) so that the copyright banner, printed before
// sc_main is called, can be turned off.
int main(int argc, char *argv[])
{
    setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 0);
    return sc_core::sc_elab_and_sim(argc, argv);
}
