package runtime

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
)

// decodeStrict decodes data into v, refusing unknown fields (to tell union alternatives apart).
func decodeStrict(data []byte, v interface{}) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	return dec.Decode(v)
}

// jsonFieldName is the name a struct field has in JSON, and whether it is omitted when empty.
func jsonFieldName(f reflect.StructField) (string, bool) {
	tag := f.Tag.Get("json")
	if tag == "-" || f.PkgPath != "" {
		return "", false
	}
	parts := strings.Split(tag, ",")
	name := parts[0]
	if name == "" {
		name = f.Name
	}
	for _, p := range parts[1:] {
		if p == "omitempty" {
			return name, true
		}
	}
	return name, false
}
