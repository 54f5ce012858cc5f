"""The register map compiled from rtl/regs/fiu_regs.rdl (systemrdl-compiler, the PeakRDL front end):
what the AXI4-Lite testbench addresses and checks fiu_axil against."""
from systemrdl import RDLCompiler
from systemrdl.node import MemNode, RegNode


class Reg:
    def __init__(self, node):
        self.path = node.get_path(hier_separator=".").split(".", 1)[1]   # e.g. LANE[3].CTRL
        self.addr = node.absolute_address
        self.readable = node.has_sw_readable
        self.writable = node.has_sw_writable
        self.fields = {f.inst_name: (f.lsb, f.width, f.get_property("reset")) for f in node.fields()}
        self.mask = 0
        for lsb, width, _ in self.fields.values():
            self.mask |= ((1 << width) - 1) << lsb

    def reset(self):
        """Reset value if every field has one, else None."""
        v = 0
        for lsb, _, rst in self.fields.values():
            if rst is None:
                return None
            v |= rst << lsb
        return v


class RegMap:
    def __init__(self, path):
        rdlc = RDLCompiler()
        rdlc.compile_file(path)
        top = rdlc.elaborate().top
        self.size = top.size
        self.regs = {}
        self.ram_base = self.ram_entries = None
        for node in top.descendants(unroll=True):
            if isinstance(node, RegNode):
                r = Reg(node)
                self.regs[r.path] = r
            elif isinstance(node, MemNode):
                self.ram_base, self.ram_entries = node.absolute_address, node.get_property("mementries")

    def __getitem__(self, path):
        return self.regs[path]

    def addr(self, path):
        return self.regs[path].addr

    def field(self, path, name):
        return self.regs[path].fields[name]

    def pack(self, path, **vals):
        """Register word from field values; a value wider than its field raises."""
        w = 0
        for name, v in vals.items():
            lsb, width, _ = self.regs[path].fields[name]
            if v >> width:
                raise ValueError(f"{path}.{name} = {v:#x} does not fit {width} bits")
            w |= v << lsb
        return w
