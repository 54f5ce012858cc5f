// The fiu C model in SystemVerilog through DPI-C (docs/sv.md): the imports of
// cmodel/include/fiu_dpi.h and fiu_oracle, a typed wrapper for a fiu_top with LANES lanes that
// takes the port vectors as they are. Link libfiu_dpi (and libfiu); nothing here computes a
// result: every prediction is the C library's.
package fiu_dpi_pkg;

  // fiu_dpi.h return codes (an API: not every user reads every one)
  // verilator lint_off UNUSEDPARAM
  localparam int FIU_DPI_OK      = 0;
  localparam int FIU_DPI_IGNORED = 1;
  localparam int FIU_DPI_ERR     = -1;
  // verilator lint_on UNUSEDPARAM

  import "DPI-C" function chandle fiu_dpi_new(input int unsigned lanes, input int unsigned ram_words);
  import "DPI-C" function void fiu_dpi_free(input chandle h);
  import "DPI-C" function int fiu_dpi_reset(input chandle h);
  import "DPI-C" function int fiu_dpi_cfg_settle(input chandle h);
  import "DPI-C" function int fiu_dpi_cfg_mark(input chandle h);
  import "DPI-C" function int fiu_dpi_cfg_settle_marked(input chandle h);
  import "DPI-C" function int fiu_dpi_cfg_write(input chandle h, input int unsigned sel,
                                                input int unsigned addr, input int unsigned data);
  import "DPI-C" function int unsigned fiu_dpi_ram_read(input chandle h, input int unsigned addr);
  import "DPI-C" function int fiu_dpi_req_begin(input chandle h, input int unsigned op,
      input int unsigned ipa_mode, input int unsigned loc, input int unsigned flags,
      input int unsigned imm, input int unsigned vintrp, input int unsigned m0,
      input int unsigned wave_lane0, input int unsigned unpack_fmt,
      input int unsigned unpack_comp, input int unsigned unpack_bgra);
  import "DPI-C" function int fiu_dpi_req_lane(input chandle h, input int unsigned lane,
      input int unsigned lane_flags, input int unsigned px, input int unsigned py,
      input int unsigned sample_id, input int unsigned coverage, input int unsigned prim_base,
      input int unsigned prim_id, input int unsigned ra, input int unsigned rb,
      input int unsigned rc, input int unsigned rd);
  import "DPI-C" function int fiu_dpi_predict(input chandle h, input int unsigned tag);
  import "DPI-C" function int unsigned fiu_dpi_queued(input chandle h);
  import "DPI-C" function int unsigned fiu_dpi_exp_number(input chandle h);
  import "DPI-C" function int unsigned fiu_dpi_exp_tag(input chandle h);
  import "DPI-C" function int unsigned fiu_dpi_exp_result(input chandle h, input int unsigned lane);
  import "DPI-C" function int unsigned fiu_dpi_exp_wmask(input chandle h);
  import "DPI-C" function int unsigned fiu_dpi_exp_kill(input chandle h);
  import "DPI-C" function int unsigned fiu_dpi_exp_pred(input chandle h);
  import "DPI-C" function int unsigned fiu_dpi_exp_status(input chandle h);
  import "DPI-C" function string fiu_dpi_exp_describe(input chandle h);
  import "DPI-C" function int fiu_dpi_got_result(input chandle h, input int unsigned lane,
                                                 input int unsigned result);
  import "DPI-C" function int fiu_dpi_check(input chandle h, input string prefix,
      input int unsigned tag, input int unsigned wmask, input int unsigned kill,
      input int unsigned pred, input int unsigned status);
  import "DPI-C" function string fiu_dpi_f32_text(input chandle h, input int unsigned bits);
  import "DPI-C" function void fiu_dpi_exit(input int status);

  // One mirrored fiu_top #(.LANES(LANES), .RAM_WORDS(...)). Methods return the fiu_dpi codes; a
  // failed call has printed its reason ("fiu_dpi: ...") and the caller reports it ($error).
  // verilator lint_off DECLFILENAME
  class fiu_oracle #(parameter int LANES = 4);  // the package's one class, named for its role
    chandle h;

    function new(int unsigned ram_words = 4096);
      h = fiu_dpi_new(LANES, ram_words);
    endfunction

    function bit ok();
      return h != null;
    endfunction

    function void free();
      fiu_dpi_free(h);
      h = null;
    endfunction

    // rst_ni low (returns the predictions dropped)
    function int reset();
      return fiu_dpi_reset(h);
    endfunction

    // a rising edge with cfg_ready_o high, before that edge's writes
    function int settle();
      return fiu_dpi_cfg_settle(h);
    endfunction

    // DEEP = 1: every rising edge, before that edge's writes (the writes marked earlier are in
    // the RAM); then mark() if cfg_ready_o is high (the writes so far leave S1)
    function int settle_marked();
      return fiu_dpi_cfg_settle_marked(h);
    endfunction

    function int mark();
      return fiu_dpi_cfg_mark(h);
    endfunction

    function int cfg_write(logic [2:0] sel, logic [31:0] addr, logic [31:0] data);
      return fiu_dpi_cfg_write(h, 32'(sel), addr, data);
    endfunction

    // The request ports' values; returns the request number (>= 0) or FIU_DPI_ERR.
    function int predict(
      logic [15:0] tag, logic [2:0] op, logic [2:0] ipa_mode, logic [2:0] loc,
      logic sat, logic idx, logic atest, logic pmul, logic puniform, logic [9:0] imm,
      logic [31:0] vintrp, logic [31:0] m0, logic [5:0] wave_lane0, logic [2:0] unpack_fmt,
      logic [2:0] unpack_comp, logic unpack_bgra,
      logic [LANES-1:0] active, logic [LANES-1:0] guard, logic [LANES-1:0] front_face,
      logic [LANES*16-1:0] px, logic [LANES*16-1:0] py, logic [LANES*4-1:0] sample_id,
      logic [LANES*16-1:0] coverage, logic [LANES*32-1:0] prim_base,
      logic [LANES*32-1:0] prim_id, logic [LANES*32-1:0] ra, logic [LANES*32-1:0] rb,
      logic [LANES*32-1:0] rc, logic [LANES*32-1:0] rd);
      int unsigned flags;
      flags = {27'd0, puniform, pmul, atest, idx, sat};
      if (fiu_dpi_req_begin(h, 32'(op), 32'(ipa_mode), 32'(loc), flags, 32'(imm), vintrp, m0,
                            32'(wave_lane0), 32'(unpack_fmt), 32'(unpack_comp),
                            32'(unpack_bgra)) != FIU_DPI_OK)
        return FIU_DPI_ERR;
      for (int i = 0; i < LANES; i++)
        if (fiu_dpi_req_lane(h, i, {29'd0, front_face[i], guard[i], active[i]},
                             32'(px[16*i +: 16]), 32'(py[16*i +: 16]),
                             32'(sample_id[4*i +: 4]), 32'(coverage[16*i +: 16]),
                             prim_base[32*i +: 32], prim_id[32*i +: 32], ra[32*i +: 32],
                             rb[32*i +: 32], rc[32*i +: 32], rd[32*i +: 32]) != FIU_DPI_OK)
          return FIU_DPI_ERR;
      return fiu_dpi_predict(h, 32'(tag));
    endfunction

    function int unsigned queued();
      return fiu_dpi_queued(h);
    endfunction

    // The response ports' values against the oldest prediction: 0 = match, > 0 the number of
    // differing items (a report was printed, starting with prefix), FIU_DPI_ERR = none queued.
    function int check(string prefix, logic [15:0] tag, logic [LANES*32-1:0] result,
                       logic [LANES-1:0] wmask, logic [LANES-1:0] kill, logic pred,
                       logic [4:0] status);
      for (int i = 0; i < LANES; i++)
        void'(fiu_dpi_got_result(h, i, result[32*i +: 32]));
      return fiu_dpi_check(h, prefix, 32'(tag), 32'(wmask), 32'(kill), 32'(pred), 32'(status));
    endfunction

    // The oldest prediction, field by field (for benches with scoreboards of their own).
    function int unsigned exp_number();
      return fiu_dpi_exp_number(h);
    endfunction
    function logic [15:0] exp_tag();
      return 16'(fiu_dpi_exp_tag(h));
    endfunction
    function logic [31:0] exp_result(int unsigned lane);
      return fiu_dpi_exp_result(h, lane);
    endfunction
    function logic [LANES-1:0] exp_wmask();
      return LANES'(fiu_dpi_exp_wmask(h));
    endfunction
    function logic [LANES-1:0] exp_kill();
      return LANES'(fiu_dpi_exp_kill(h));
    endfunction
    function logic exp_pred();
      return fiu_dpi_exp_pred(h) != 0;
    endfunction
    function logic [4:0] exp_status();
      return 5'(fiu_dpi_exp_status(h));
    endfunction
    function string exp_describe();
      return fiu_dpi_exp_describe(h);
    endfunction
    function string f32_text(logic [31:0] bits);
      return fiu_dpi_f32_text(h, bits);
    endfunction
  endclass
  // verilator lint_on DECLFILENAME

endpackage
