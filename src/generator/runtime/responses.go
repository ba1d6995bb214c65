package runtime

import (
	"encoding/json"
	"fmt"
	"net/http"
)

// responsesWrite sends a response: the content type (when not empty), the status and the body.
func responsesWrite(w http.ResponseWriter, status int, contentType string, body []byte) error {
	if contentType != "" {
		w.Header().Set("Content-Type", contentType)
	}
	w.WriteHeader(status)
	if len(body) == 0 {
		return nil
	}
	_, err := w.Write(body)
	return err
}

// responsesJSON sends a response with body encoded as JSON.
func responsesJSON(w http.ResponseWriter, status int, contentType string, body interface{}) error {
	data, err := json.Marshal(body)
	if err != nil {
		return err
	}
	return responsesWrite(w, status, contentType, data)
}

// responsesStatus checks a status given for a range ("2XX": class 2) or for default (class 0: any status).
func responsesStatus(status, class int) error {
	if status < 100 || status > 599 || (class != 0 && status/100 != class) {
		return fmt.Errorf("status %d is not a status of this response", status)
	}
	return nil
}
