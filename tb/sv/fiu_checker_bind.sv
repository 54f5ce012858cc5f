// Binds fiu_checker into every fiu_top (docs/sv.md); compile it with the bench, fiu_dpi_pkg.sv
// and fiu_checker.sv.
bind fiu_top fiu_checker #(.LANES(LANES), .RAM_WORDS(RAM_WORDS), .DEEP(DEEP)) u_fiu_checker (.*);
