// Reads the vector file and sends every record, in file order, to both the C model and
// the RTL; then waits until the scoreboard has every response and stops the simulation.
#ifndef FIU_SC_DRIVER_H
#define FIU_SC_DRIVER_H

#include <string>

#include <systemc>

#include "fiu_sc_types.h"
#include "scoreboard.h"

class fiu_sc_driver : public sc_core::sc_module {
  public:
    sc_core::sc_in<bool> clk;
    sc_core::sc_fifo_out<fiu_sc_stim> to_model;
    sc_core::sc_fifo_out<fiu_sc_stim> to_rtl;

    // reader: an open vector file, owned by the caller. lanes/ram_words: the RTL's.
    fiu_sc_driver(sc_core::sc_module_name name, fiu_vreader *reader, unsigned lanes, unsigned ram_words,
                  const fiu_sc_scoreboard &scoreboard, fiu_sc_verdict &verdict);

    unsigned long requests() const { return requests_; }
    bool complete() const { return complete_; } // every record sent, every response checked

  private:
    void run();
    void fail(const fiu_vrec &rec, const std::string &why);

    fiu_vreader *reader_;
    unsigned lanes_, ram_words_;
    const fiu_sc_scoreboard &scoreboard_;
    fiu_sc_verdict &verdict_;
    unsigned long requests_ = 0;
    bool complete_ = false;
};

#endif
