#include "scoreboard.h"

#include <cinttypes>
#include <cstdio>

fiu_sc_scoreboard::fiu_sc_scoreboard(sc_core::sc_module_name name, const options &opt, fiu_sc_verdict &verdict)
    : sc_module(name), expected_in("expected_in"), observed_in("observed_in"), opt_(opt), verdict_(verdict)
{
    SC_HAS_PROCESS(fiu_sc_scoreboard);
    SC_THREAD(take_expected);
    SC_THREAD(check_observed);
}

// The C model answers at once; a vector file's own expectation must agree with it.
void fiu_sc_scoreboard::take_expected()
{
    for (;;) {
        fiu_sc_expected e = expected_in.read();
        const fiu_vrec_request &req = e.stim.rec->u.req;
        if (req.has_expect && fiu_vec_compare(&req.expect, &e.rsp)) {
            mismatch(e, "the file's expected response (expected) differs from the C model (got)", req.expect, e.rsp, 0);
            return;
        }
        pending_.push_back(e);
    }
}

void fiu_sc_scoreboard::check_observed()
{
    for (;;) {
        fiu_sc_observed o = observed_in.read();
        if (pending_.empty()) {
            verdict_.fail(FIU_SC_EXIT_FAIL, "response tag " + std::to_string(o.tag) +
                                                " with no request outstanding (duplicated?)");
            return;
        }
        const fiu_sc_expected e = pending_.front();
        pending_.pop_front();
        if (o.tag != e.stim.tag) {
            verdict_.fail(FIU_SC_EXIT_FAIL, "response tag " + std::to_string(o.tag) + ", expected tag " +
                                                std::to_string(e.stim.tag) + " of request " +
                                                std::to_string(e.stim.index) + " (lost or reordered)");
            return;
        }
        if (opt_.inject_fault >= 0 && e.stim.index == static_cast<unsigned long>(opt_.inject_fault)) {
            std::fprintf(stderr, "fiu_sc_cosim: self-test: flipping result bit 0 of lane 0 of request %lu\n",
                         e.stim.index);
            o.rsp.result[0] ^= 1u;
        }
        responses_++;
        lane_checks_ += e.stim.rec->u.req.rq.lanes;
        if (fiu_vec_compare(&e.rsp, &o.rsp)) {
            mismatch(e, "RTL (got) differs from the C model (expected)", e.rsp, o.rsp, o.cycle);
            return;
        }
    }
}

void fiu_sc_scoreboard::mismatch(const fiu_sc_expected &e, const char *what, const fiu_response &want,
                                 const fiu_response &got, uint64_t cycle)
{
    const fiu_vrec &rec = *e.stim.rec;
    std::fprintf(stderr, "fiu_sc_cosim: MISMATCH request=%lu (tag %u, line %lu)", e.stim.index, e.stim.tag, rec.line);
    if (cycle)
        std::fprintf(stderr, " cycle=%" PRIu64, cycle);
    std::fprintf(stderr, ": %s\n", what);
    fiu_vec_report_mismatch(stderr, &rec.u.req.rq, &want, &got, 8);
    if (!opt_.replay.empty())
        std::fprintf(stderr, "fiu_sc_cosim: reproduce with: %s\n", opt_.replay.c_str());
    verdict_.fail(FIU_SC_EXIT_FAIL, "mismatch at request " + std::to_string(e.stim.index) + " (line " +
                                        std::to_string(rec.line) + ")");
}
