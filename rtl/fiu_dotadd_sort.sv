`include "fiu_dotadd_types.svh"
// fiu_dotadd_sort (docs/rtl.md, dot-add D2): the sort of fiu_dotadd's three terms by h = hpre + c,
// largest first (T1 >= T2 >= T3), combinational, and what D3 needs of the order: the sorted
// mantissas and signs, d2 = h1 - h2 and d3 = h1 - h3 as T2's and T3's shifts, case B (d2 >= 49: T2
// + T3 enters as its sign only), h2 == h3, h1 and h3. Every comparison is made on the early hpre
// differences (fiu_dotadd_d2) and picked by the late rounding carries and classes.
// Local vectors hold the three terms at 0 (ab), 1 (cd), 2 (e), 12 or 48 bits each, and the six
// ordered pairs at 0 (01), 1 (02), 2 (10), 3 (12), 4 (20), 5 (21), 12 bits each.
module fiu_dotadd_sort (
  input  fiu_dotadd_d2b_t terms_i,
  output fiu_dotadd_d2_t  d2_o
);
  logic [2:0]   k_fin, k_c, k_neg;
  logic [143:0] k_man;
  logic [35:0]  k_hpre, k_hp1;
  logic [71:0]  k_dx, k_dxp, k_dxm;

  assign k_fin  = {terms_i.e.fin, terms_i.cd.fin, terms_i.ab.fin};
  assign k_c    = {terms_i.e.c, terms_i.cd.c, terms_i.ab.c};
  assign k_neg  = {terms_i.e.neg, terms_i.cd.neg, terms_i.ab.neg};
  assign k_man  = {terms_i.e.man, terms_i.cd.man, terms_i.ab.man};
  assign k_hpre = {terms_i.e.hpre, terms_i.cd.hpre, terms_i.ab.hpre};
  assign k_hp1  = {terms_i.e.hp1, terms_i.cd.hp1, terms_i.ab.hp1};
  assign k_dx   = terms_i.dx;
  assign k_dxp  = terms_i.dxp;
  assign k_dxm  = terms_i.dxm;

  function automatic logic [11:0] sel3_12(input logic [2:0] s, input logic [35:0] v);
    sel3_12 = ({12{s[0]}} & v[0 +: 12]) | ({12{s[1]}} & v[12 +: 12]) | ({12{s[2]}} & v[24 +: 12]);
  endfunction

  function automatic logic [47:0] sel3_48(input logic [2:0] s, input logic [143:0] v);
    sel3_48 = ({48{s[0]}} & v[0 +: 48]) | ({48{s[1]}} & v[48 +: 48]) | ({48{s[2]}} & v[96 +: 48]);
  endfunction

  // key_a > key_b for finite nonzero terms: dab + c_a - c_b > 0.
  function automatic logic key_gt(input logic fa, input logic fb, input logic ca, input logic cb,
                                  input logic signed [11:0] d);
    logic above;
    // comparisons with small constants as bit tests (no carry chain)
    if (ca == cb) begin
      above = !d[11] && (d[10:0] != 11'd0);  // d > 0
    end else if (ca) begin
      above = !d[11];                         // d >= 0
    end else begin
      above = !d[11] && (d[10:1] != 10'd0);  // d >= 2
    end
    key_gt = fa && (!fb || above);
  endfunction

  // Each ordered pair's h difference dab + c_a - c_b, picked by the carries beside the sort, and
  // its tests: zero, above 48 (case B) and at least 128 (T3's clamp; read for a nonnegative
  // difference only). Each term's h = hpre + c likewise.
  logic [5:0]  pc_a, pc_b, v_zero, v_b48, v_big;
  logic [71:0] v_d;
  logic [35:0] v_h;
  assign pc_a = {k_c[2], k_c[2], k_c[1], k_c[1], k_c[0], k_c[0]};
  assign pc_b = {k_c[1], k_c[0], k_c[2], k_c[0], k_c[2], k_c[1]};
  for (genvar k = 0; k < 6; k++) begin : g_pair
    logic [11:0] d;
    assign d = (pc_a[k] == pc_b[k]) ? k_dx[12*k +: 12] : pc_a[k] ? k_dxp[12*k +: 12] : k_dxm[12*k +: 12];
    assign v_d[12*k +: 12] = d;
    assign v_zero[k] = d == 12'd0;
    assign v_b48[k]  = !d[11] && ((d[10:6] != 5'd0) || (d[5] && d[4] && (d[3:0] != 4'd0)));
    assign v_big[k]  = d[10:7] != 4'd0;
  end
  for (genvar k = 0; k < 3; k++) begin : g_h
    assign v_h[12*k +: 12] = k_c[k] ? k_hp1[12*k +: 12] : k_hpre[12*k +: 12];
  end

  // The pair (a, b) of one-hot terms as a one-hot over the pairs 01, 02, 10, 12, 20, 21.
  function automatic logic [5:0] pair_sel(input logic [2:0] sa, input logic [2:0] sb);
    pair_sel = {sa[2] & sb[1], sa[2] & sb[0], sa[1] & sb[2], sa[1] & sb[0], sa[0] & sb[2], sa[0] & sb[1]};
  endfunction

  function automatic logic [11:0] sel6_12(input logic [5:0] p, input logic [71:0] v);
    sel6_12 = '0;
    for (int k = 0; k < 6; k++) sel6_12 = sel6_12 | ({12{p[k]}} & v[12*k +: 12]);
  endfunction

  logic [2:0] gt;          // key1 > key0, key2 > key0, key2 > key1
  logic [2:0] s0, s1, s2;  // one-hot: term k is T1, T2, T3

  always @* begin  // not always_comb: Icarus 11 does not settle one that sets struct fields
    gt[0] = key_gt(k_fin[1], k_fin[0], k_c[1], k_c[0], terms_i.dx.p10);
    gt[1] = key_gt(k_fin[2], k_fin[0], k_c[2], k_c[0], terms_i.dx.p20);
    gt[2] = key_gt(k_fin[2], k_fin[1], k_c[2], k_c[1], terms_i.dx.p21);
    // Insertion of term 2 into the order of terms 0 and 1 (ties keep the original order).
    if (gt[0] ? !gt[1] : !gt[2]) begin          // key2 <= the smaller of 0, 1
      s0 = gt[0] ? 3'b010 : 3'b001;
      s1 = gt[0] ? 3'b001 : 3'b010;
      s2 = 3'b100;
    end else if (gt[0] ? !gt[2] : !gt[1]) begin  // between them
      s0 = gt[0] ? 3'b010 : 3'b001;
      s1 = 3'b100;
      s2 = gt[0] ? 3'b001 : 3'b010;
    end else begin                               // largest
      s0 = 3'b100;
      s1 = gt[0] ? 3'b010 : 3'b001;
      s2 = gt[0] ? 3'b001 : 3'b010;
    end
  end

  logic [5:0] p12, p13, p23;   // the pairs (T1, T2), (T1, T3), (T2, T3)
  logic [5:0] dist2;           // the low bits of d2 and d3
  logic [6:0] dist3;
  assign p12 = pair_sel(s0, s1);
  assign p13 = pair_sel(s0, s2);
  assign p23 = pair_sel(s1, s2);
  // Continuous assigns: Icarus 11 re-runs an always_comb that calls a looping function.
  assign dist2 = 6'(sel6_12(p12, v_d));
  assign dist3 = 7'(sel6_12(p13, v_d));

  always @* begin  // not always_comb: Icarus 11 does not settle one that sets struct fields
    d2_o.m1      = sel3_48(s0, k_man);
    d2_o.m2      = sel3_48(s1, k_man);
    d2_o.m3      = sel3_48(s2, k_man);
    d2_o.neg1    = |(s0 & k_neg);
    d2_o.neg2    = |(s1 & k_neg);
    d2_o.neg3    = |(s2 & k_neg);
    d2_o.v2      = |(s1 & k_fin);
    d2_o.v3      = |(s2 & k_fin);
    // The shifts are read only for a finite T2 outside case B and a finite T3, so sh2 is not
    // gated, and sh3 is clamped only above: finite terms sort first, so d3 >= 0 for a finite T3.
    d2_o.case_b  = |(s1 & k_fin) && |(p12 & v_b48);
    d2_o.sh2     = dist2;
    d2_o.sh3     = |(p13 & v_big) ? 7'd127 : dist3;
    d2_o.h23_eq  = |(p23 & v_zero);
    d2_o.h1      = sel3_12(s0, v_h);
    d2_o.h3      = sel3_12(s2, v_h);
    d2_o.special = terms_i.special;
    d2_o.flush   = terms_i.flush;
  end
endmodule
