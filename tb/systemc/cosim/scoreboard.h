// Compares the RTL's responses with the C model's, in request order: the tag (nothing
// lost, duplicated or reordered), then every lane result, wmask, kill, pred and status
// (fiu_vec_compare). A request with an expect block in the vector file is first checked
// against the C model.
#ifndef FIU_SC_SCOREBOARD_H
#define FIU_SC_SCOREBOARD_H

#include <deque>
#include <string>

#include <systemc>

#include "fiu_sc_types.h"

class fiu_sc_scoreboard : public sc_core::sc_module {
  public:
    struct options {
        long inject_fault = -1; // self-test: flip a result bit of this request's RTL response
        std::string replay;     // command line that reproduces the run, for the mismatch report
    };

    sc_core::sc_fifo_in<fiu_sc_expected> expected_in; // from the C model
    sc_core::sc_fifo_in<fiu_sc_observed> observed_in; // from the RTL

    fiu_sc_scoreboard(sc_core::sc_module_name name, const options &opt, fiu_sc_verdict &verdict);

    unsigned long responses() const { return responses_; }
    unsigned long lane_checks() const { return lane_checks_; }

  private:
    void take_expected();
    void check_observed();
    // Prints the report and fails; cycle 0: not an RTL response.
    void mismatch(const fiu_sc_expected &e, const char *what, const fiu_response &want, const fiu_response &got,
                  uint64_t cycle);

    options opt_;
    fiu_sc_verdict &verdict_;
    std::deque<fiu_sc_expected> pending_; // expected responses, in request order
    unsigned long responses_ = 0, lane_checks_ = 0;
};

#endif
