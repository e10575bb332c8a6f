/** English labels for what the product ships with: the built-in signal types and the device types. */
export const builtIns = {
  'builtIn.signal.temperature': 'Temperature',
  'builtIn.signal.humidity': 'Humidity',
  'builtIn.signal.battery': 'Battery',
  'builtIn.signal.lamp': 'Lamp state',
  'builtIn.signal.energy': 'Energy',
  'builtIn.signal.water': 'Water',
  'builtIn.device.pulseLogger': 'Pulse Logger',
  'builtIn.device.fridgeProbe': 'Fridge Probe',
  'builtIn.device.tempHumidity': 'Temperature & Humidity',
  'builtIn.device.emergencyLight': 'Emergency Light',
} as const;
