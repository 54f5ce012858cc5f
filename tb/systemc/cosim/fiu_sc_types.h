// Transactions, verdict and random source shared by the modules of the SystemC co-simulation.
#ifndef FIU_SC_TYPES_H
#define FIU_SC_TYPES_H

#include <cstdint>
#include <memory>
#include <ostream>
#include <string>

#include "fiu_vectors.h"

// One record of the vector file as both sides receive it, in file order. Requests carry
// the tag the RTL sees and their index (0-based) among the requests.
struct fiu_sc_stim {
    std::shared_ptr<const fiu_vrec> rec;
    uint16_t tag = 0;
    unsigned long index = 0;
};

// The C model's response to one request (expected), with the request it answers.
struct fiu_sc_expected {
    fiu_sc_stim stim;
    fiu_response rsp{};
};

// A response taken from the RTL's response port.
struct fiu_sc_observed {
    uint16_t tag = 0;
    fiu_response rsp{};
    uint64_t cycle = 0;
};

// sc_fifo needs these for print/dump.
std::ostream &operator<<(std::ostream &os, const fiu_sc_stim &s);
std::ostream &operator<<(std::ostream &os, const fiu_sc_expected &e);
std::ostream &operator<<(std::ostream &os, const fiu_sc_observed &o);

// Exit codes of fiu_sc_cosim.
enum { FIU_SC_EXIT_PASS = 0, FIU_SC_EXIT_FAIL = 1, FIU_SC_EXIT_USAGE = 2 };

// The run's outcome: the first failure wins and stops the simulation.
class fiu_sc_verdict {
  public:
    void fail(int exit_code, const std::string &reason);
    bool failed() const { return exit_code_ != FIU_SC_EXIT_PASS; }
    int exit_code() const { return exit_code_; }
    const std::string &reason() const { return reason_; }

  private:
    int exit_code_ = FIU_SC_EXIT_PASS;
    std::string reason_;
};

#endif
