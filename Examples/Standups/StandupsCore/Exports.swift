@_exported import Tagged
