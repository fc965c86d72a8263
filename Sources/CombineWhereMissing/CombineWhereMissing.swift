// This module is empty: on platforms without Apple's Combine it depends on ours (`Combine`),
// and on Apple's platforms it adds nothing, so `import Combine` finds the system framework.
