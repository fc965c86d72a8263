// This module is empty: on platforms without Apple's SwiftUI it depends on ours (`SwiftUI`),
// and on Apple's platforms it adds nothing, so `import SwiftUI` finds the system framework.
